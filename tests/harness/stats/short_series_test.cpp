// Short hand-made series with the answers a reader checks by eye: a step
// with 1 or 2 commits after it, 6 to 10 commits in all (3 + 3 included), a
// step among outliers, and series with no change. Default settings of
// `history changes` (alpha 0.001, min change 1 %, min segment 3, window 50).
// docs/history.md ("Changes near the end") prints this table.

#include "harness/stats/change_points.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace benchgate::stats {
namespace {

constexpr double k_history_min_change = 0.01;  // history changes' default --min-change (1 %)

struct expected_point {
  std::size_t index;  // first value after the change
  bool early;         // fewer than min_segment values after it
};

struct short_series {
  const char* name;
  std::vector<double> values;
  std::vector<expected_point> expected;  // the right answer
  // A known miss: why, and what is found instead (asserted, so that a
  // change in the method shows here).
  const char* missed_because = nullptr;
  std::vector<expected_point> found_instead;
};

short_series row(const char* name, std::vector<double> values, std::vector<expected_point> expected) {
  return {name, std::move(values), std::move(expected), nullptr, {}};
}

short_series missed(const char* name, std::vector<double> values, std::vector<expected_point> expected,
                    const char* because, std::vector<expected_point> found_instead) {
  return {name, std::move(values), std::move(expected), because, std::move(found_instead)};
}

const std::vector<short_series>& table() {
  static const std::vector<short_series> series = {
      row("+30 % in the last commit (7 + 1)", {100, 101, 99, 100, 102, 98, 100, 130}, {{7, true}}),
      row("+30 % in the last 2 commits (6 + 2)", {100, 101, 99, 100, 102, 98, 130, 131}, {{6, true}}),
      row("-30 % in the last 2 commits (6 + 2)", {100, 101, 99, 100, 102, 98, 70, 71}, {{6, true}}),
      row("+10 % in the last commit, CV 1 % (9 + 1)", {100, 101, 99, 100, 102, 98, 101, 99, 100, 110}, {{9, true}}),
      row("+20 % in the last 2 commits, CV 2 % (8 + 2)",
       {100, 103, 98, 101, 97, 102, 99, 100, 121, 119}, {{8, true}}),
      row("+20 % after 3 (3 + 3)", {100, 101, 99, 120, 121, 119}, {{3, false}}),
      missed("+20 % after 3, CV 3 % (3 + 3)", {100, 104, 97, 121, 117, 124}, {{3, false}},
       "t = 7.09 with 4 degrees of freedom: p = 0.0021 > alpha 0.001 (found with --alpha 0.01)", {}),
      row("+10 % after 4, CV 1 % (4 + 4)", {100, 101, 99, 100, 110, 111, 109, 110}, {{4, false}}),
      row("+10 % after 5, CV 1 % (5 + 5)", {100, 102, 98, 101, 99, 110, 112, 108, 111, 109}, {{5, false}}),
      row("+20 % after 5 with a 1.5x outlier on each side",
       {100, 101, 150, 100, 99, 120, 121, 119, 180, 120}, {{5, false}}),
      row("+20 % after 4 with a 0.8x outlier after", {100, 101, 99, 100, 120, 121, 80, 119, 120, 121}, {{4, false}}),
      row("+30 % in the last 2, an outlier before", {100, 101, 99, 140, 100, 102, 98, 130, 131}, {{7, true}}),
      missed("two +-20 % steps (3 + 3 + 3)", {100, 101, 99, 120, 121, 119, 100, 99, 101}, {{3, false}, {6, false}},
       "the first split is judged against the other 6 values, which hold both levels", {}),
      row("from 0 to 5 (4 + 4)", {0, 0, 0, 0, 5, 5, 5, 5}, {{4, false}}),
      row("from 5 to 0 (3 + 3)", {5, 5, 5, 0, 0, 0}, {{3, false}}),
      row("constant, then +1 in the last commit", {5, 5, 5, 5, 5, 6}, {{5, true}}),
      row("no change, CV 2 % (10)", {100, 103, 97, 101, 99, 102, 98, 100, 104, 96}, {}),
      row("no change (6)", {100, 101, 99, 100, 102, 98}, {}),
      row("constant (6)", {5, 5, 5, 5, 5, 5}, {}),
      row("a 3x spike in the middle (8)", {100, 101, 99, 300, 100, 102, 98, 100}, {}),
      row("a 3x spike second-last (8)", {100, 101, 99, 100, 102, 98, 300, 100}, {}),
      row("a 3x spike third-last (8)", {100, 101, 99, 100, 102, 300, 98, 100}, {}),
      row("a 3x spike in the last commit: a step as far as anyone can tell yet (7 + 1)",
          {100, 101, 99, 100, 102, 98, 100, 300}, {{7, true}}),
      row("+30 % in the last commit of 6 (5 + 1)", {100, 101, 99, 100, 102, 130}, {{5, true}}),
      row("+0.5 % in the last 2 (below min change)", {100, 100, 100, 100, 100, 100, 100.5, 100.5}, {}),
  };
  return series;
}

std::string describe(const std::vector<change_point>& points) {
  std::string out;
  for (const auto& cp : points) {
    out += (out.empty() ? "" : ", ") + std::to_string(cp.index) + (cp.early ? " early" : "");
  }
  return out.empty() ? "none" : out;
}

std::string describe(const std::vector<expected_point>& points) {
  std::string out;
  for (const auto& e : points) out += (out.empty() ? "" : ", ") + std::to_string(e.index) + (e.early ? " early" : "");
  return out.empty() ? "none" : out;
}

bool same(const std::vector<change_point>& got, const std::vector<expected_point>& want) {
  if (got.size() != want.size()) return false;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i].index != want[i].index || got[i].early != want[i].early) return false;
  }
  return true;
}

TEST(ShortSeries, EveryHandMadeSeriesGivesItsExpectedChangePoints) {
  change_point_settings settings;
  settings.min_change = k_history_min_change;
  int right = 0;
  std::printf("| series | expected | found |\n|---|---|---|\n");
  for (const auto& s : table()) {
    const auto got = find_change_points(s.values, settings);
    std::printf("| %s | %s | %s%s%s |\n", s.name, describe(s.expected).c_str(), describe(got).c_str(),
                s.missed_because != nullptr ? ": missed, " : "", s.missed_because != nullptr ? s.missed_because : "");
    const auto& want = s.missed_because != nullptr ? s.found_instead : s.expected;
    EXPECT_TRUE(same(got, want)) << s.name << ": expected " << describe(want) << ", found " << describe(got);
    right += same(got, s.expected) ? 1 : 0;
  }
  std::printf("%d of %zu as expected\n", right, table().size());
}

TEST(ShortSeries, AnEarlyChangeHasAWiderIntervalThanTheSameStepConfirmed) {
  change_point_settings settings;
  const std::vector<double> early = {100, 101, 99, 100, 102, 98, 130, 131};
  const std::vector<double> confirmed = {100, 101, 99, 100, 102, 98, 130, 131, 129, 130, 131, 129};
  const auto e = find_change_points(early, settings);
  const auto c = find_change_points(confirmed, settings);
  ASSERT_EQ(e.size(), 1u);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_TRUE(e[0].early);
  EXPECT_FALSE(c[0].early);
  EXPECT_EQ(e[0].index, c[0].index);
  EXPECT_GT(difference_half_width(e[0].test, 0.95), difference_half_width(c[0].test, 0.95));
}

TEST(ShortSeries, MinTailAtMinSegmentTurnsEarlyChangesOff) {
  change_point_settings settings;
  settings.min_tail = settings.min_segment;
  const std::vector<double> v = {100, 101, 99, 100, 102, 98, 130, 131};
  EXPECT_TRUE(find_change_points(v, settings).empty());
}

TEST(ShortSeries, PredictionTestByHand) {
  // before {1, 2, 3}: mean 2, s = 1; after {5}: se = sqrt(1/3 + 1) = 1.1547,
  // t = 3 / 1.1547 = 2.598, df 2: two-sided p = 0.1216 (t tables).
  const std::vector<double> before = {1, 2, 3};
  const std::vector<double> after = {5};
  const auto r = prediction_t_test(before, after);
  EXPECT_DOUBLE_EQ(r.mean_a, 2);
  EXPECT_DOUBLE_EQ(r.difference, 3);
  EXPECT_DOUBLE_EQ(r.df, 2);
  EXPECT_NEAR(r.standard_error, 1.1547005, 1e-6);
  EXPECT_NEAR(r.p, 0.1216, 1e-3);
}

}  // namespace
}  // namespace benchgate::stats
