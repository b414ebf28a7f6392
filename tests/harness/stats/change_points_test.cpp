// E-divisive change points on synthetic series with known answers, and the
// bound a next value must pass to be reported at once (next_step_bound_of). The
// clear cases are asserted; every kind's precision and recall over the seeds
// is printed (docs/history.md, "Accuracy on synthetic series", quotes them).

#include "harness/stats/change_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace benchgate::stats {
namespace {

constexpr std::size_t k_length = 60;     // commits per synthetic series
constexpr std::size_t k_step_at = 30;    // first commit after a step
constexpr double k_base_ns = 1000;
constexpr int k_seeds = 30;
constexpr std::size_t k_commit_tolerance = 1;   // a change found within 1 commit counts as found
constexpr double k_min_change = 0.01;    // history changes' default --min-change (1 %)

change_point_settings defaults() {
  change_point_settings s;
  s.min_change = k_min_change;
  return s;
}

std::vector<double> noise(std::size_t n, double cv, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0, cv);
  std::vector<double> v(n);
  for (auto& x : v) x = k_base_ns * (1 + normal(rng));
  return v;
}

std::vector<double> step(double pct, double cv, unsigned seed, std::size_t at = k_step_at) {
  auto v = noise(k_length, cv, seed);
  for (std::size_t i = at; i < v.size(); ++i) v[i] *= 1 + pct / 100;
  return v;
}

std::vector<std::size_t> found(const std::vector<double>& series) {
  std::vector<std::size_t> out;
  change_point_settings s;
  s.min_change = k_min_change;
  for (const auto& cp : find_change_points(series, s)) out.push_back(cp.index);
  return out;
}

struct tally {
  int true_positive = 0;
  int reported = 0;
  int expected = 0;
  void add(const std::vector<std::size_t>& got, const std::vector<std::size_t>& truth) {
    reported += static_cast<int>(got.size());
    expected += static_cast<int>(truth.size());
    for (auto t : truth) {
      for (auto g : got) {
        if (g + k_commit_tolerance >= t && g <= t + k_commit_tolerance) {
          ++true_positive;
          break;
        }
      }
    }
  }
  void print(const char* kind) const {
    const double precision = reported == 0 ? 1 : static_cast<double>(true_positive) / reported;
    const double recall = expected == 0 ? 1 : static_cast<double>(true_positive) / expected;
    std::printf("| %-34s | %4d | %4d | %8.2f | %6.2f |\n", kind, reported, expected, precision, recall);
  }
};

TEST(StudentT, MatchesTables) {
  EXPECT_NEAR(student_t_cdf(0, 5), 0.5, 1e-12);
  EXPECT_NEAR(student_t_cdf(2.015, 5), 0.95, 1e-4);    // t_{0.95, 5} = 2.015
  EXPECT_NEAR(student_t_cdf(-2.228, 10), 0.025, 1e-4); // t_{0.975, 10} = 2.228
  EXPECT_NEAR(student_t_cdf(1.96, 1e6), 0.975, 1e-4);
  EXPECT_NEAR(student_t_quantile(0.975, 10), 2.228, 1e-3);
}

TEST(StudentT, TestOfConstantSides) {
  const std::vector<double> a = {1, 1, 1};
  const std::vector<double> b = {2, 2, 2};
  EXPECT_EQ(student_t_test(a, a).p, 1);
  EXPECT_EQ(student_t_test(a, b).p, 0);
}

TEST(EDivisive, DivergencePeaksAtTheStep) {
  std::vector<double> v = {1, 1, 1, 1, 1, 5, 5, 5, 5, 5};
  const auto q = e_divisive_divergence(v, 2);
  ASSERT_EQ(q.size(), 7u);  // tau = 2..8
  EXPECT_EQ(std::max_element(q.begin(), q.end()) - q.begin(), 3);  // tau = 5
}

TEST(ChangePoints, TenPercentStepAtTwoPercentNoiseFoundAtTheRightCommitInEverySeed) {
  for (int seed = 0; seed < k_seeds; ++seed) {
    const auto got = found(step(10, 0.02, 1000 + seed));
    ASSERT_EQ(got.size(), 1u) << "seed " << seed;
    EXPECT_EQ(got[0], k_step_at) << "seed " << seed;
  }
}

TEST(ChangePoints, ALoneThreefoldSpikeIsNeverReported) {
  for (int seed = 0; seed < k_seeds; ++seed) {
    for (std::size_t at : {std::size_t{0}, std::size_t{2}, k_length / 2, k_length - 3, k_length - 2}) {
      auto v = noise(k_length, 0.02, 2000 + seed);
      v[at] *= 3;
      EXPECT_TRUE(found(v).empty()) << "seed " << seed << ", spike at " << at;
    }
  }
}

TEST(ChangePoints, ASpikeInTheLastCommitIsAnEarlyChangeUntilTheNextCommitDropsIt) {
  // With nothing after it, a spike cannot be told from a step yet.
  for (int seed = 0; seed < k_seeds; ++seed) {
    auto v = noise(k_length, 0.02, 2000 + seed);
    v.back() *= 3;
    const auto got = find_change_points(v, {});
    ASSERT_EQ(got.size(), 1u) << "seed " << seed;
    EXPECT_EQ(got[0].index, k_length - 1);
    EXPECT_TRUE(got[0].early);
    v.push_back(k_base_ns);
    EXPECT_TRUE(found(v).empty()) << "seed " << seed;
  }
}

// The series of issue 51 (ms): flat, then a drop of about 4 % with one
// commit's whole run 1.5x slower (a load spike) just after it. As rounded
// in the issue it has no change point at all (p 0.0036 > alpha); with its
// seventh value 2.02 the drop is significant, and the full sides' test,
// spike included, once called it a +12.9 % regression at p 0.00013.
const std::vector<double> k_issue_51_series_ms = {2.11, 2.12, 2.12, 2.11, 2.03, 3.48, 2.01, 2.03};
const std::vector<double> k_issue_51_significant_ms = {2.11, 2.12, 2.12, 2.11, 2.03, 3.48, 2.02, 2.03};
constexpr std::size_t k_issue_51_spike_at = 5;

double mean_without(const std::vector<double>& v, std::size_t begin, std::size_t end,
                    const std::vector<std::size_t>& left_out) {
  double sum = 0;
  int n = 0;
  for (std::size_t i = begin; i < end; ++i) {
    if (std::find(left_out.begin(), left_out.end(), i) != left_out.end()) continue;
    sum += v[i];
    ++n;
  }
  return sum / n;
}

// Every figure of `cp` is of the values its test kept: its means are those
// of the segments without `left_out`, its interval lies on its direction's
// side of 0 (p <= alpha <= 5 %), and p is its test's p, corrected.
void expect_one_story(const std::vector<double>& v, const change_point& cp) {
  EXPECT_DOUBLE_EQ(cp.test.mean_a, mean_without(v, cp.begin, cp.index, cp.left_out));
  EXPECT_DOUBLE_EQ(cp.test.mean_b, mean_without(v, cp.index, cp.end, cp.left_out));
  const double half = difference_half_width(cp.test, 0.95);
  if (cp.test.difference > 0) {
    EXPECT_GT(cp.test.difference - half, 0);
  } else {
    EXPECT_LT(cp.test.difference + half, 0);
  }
  EXPECT_LE(cp.test.p, cp.p);
}

TEST(ChangePoints, TheIssuesSpikeSeriesHasNoRegression) {
  const auto& v = k_issue_51_series_ms;
  for (const auto& cp : find_change_points(v, defaults())) {
    EXPECT_LT(cp.test.difference, 0) << "at " << cp.index;
    expect_one_story(v, cp);
  }
}

TEST(ChangePoints, AOneCommitSpikeBesideAStepIsLeftOutOfEveryFigure) {
  const auto& v = k_issue_51_significant_ms;
  const auto got = find_change_points(v, defaults());
  ASSERT_EQ(got.size(), 1u);
  // The drop, not the +12.9 % the spike made of it.
  EXPECT_LT(got[0].test.difference, 0);
  expect_one_story(v, got[0]);
  EXPECT_EQ(got[0].index, 4u);
  EXPECT_FALSE(got[0].early);
  EXPECT_EQ(got[0].begin, 0u);
  EXPECT_EQ(got[0].end, v.size());
  // Each side's farthest value from its median: the spike after, one of
  // the equally far values before (which one is floating point's choice).
  ASSERT_EQ(got[0].left_out.size(), 2u);
  EXPECT_LT(got[0].left_out[0], 4u);
  EXPECT_EQ(got[0].left_out[1], k_issue_51_spike_at);
  EXPECT_NEAR(got[0].test.mean_b, (2.03 + 2.02 + 2.03) / 3, 1e-12);
}

TEST(ChangePoints, StepsUpAndDownBesideASpikeAreStillFound) {
  const std::vector<double> up = {2.00, 2.01, 2.00, 2.01, 2.20, 3.30, 2.21, 2.20};
  const std::vector<double> down = {2.20, 2.21, 2.20, 2.21, 2.00, 3.00, 2.01, 2.00};
  const std::vector<double> spike_before_up = {2.00, 2.01, 3.00, 2.00, 2.01, 2.20, 2.21, 2.20, 2.21};
  for (const auto* v : {&up, &down, &spike_before_up}) {
    const auto got = find_change_points(*v, defaults());
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].index, v == &spike_before_up ? 5u : 4u);
    EXPECT_EQ(got[0].test.difference > 0, v->front() < v->back());
    expect_one_story(*v, got[0]);
    const auto spike = static_cast<std::size_t>(std::max_element(v->begin(), v->end()) - v->begin());
    EXPECT_NE(std::find(got[0].left_out.begin(), got[0].left_out.end(), spike), got[0].left_out.end());
  }
}

TEST(ChangePoints, AOneCommitSpikeIsNoStepWhereverItLies) {
  // Flat at CV 0.5 %, one 1.5x commit anywhere but the last: nothing.
  for (std::size_t at = 0; at + 1 < 8; ++at) {
    std::vector<double> v = {2.11, 2.12, 2.12, 2.11, 2.12, 2.11, 2.12, 2.11};
    v[at] *= 1.5;
    EXPECT_TRUE(find_change_points(v, defaults()).empty()) << "spike at " << at;
  }
}

TEST(ChangePoints, ASpikeInATwoCommitTailNeitherMakesNorSizesTheEarlyStep) {
  // BM_scan's CPU times (µs) in the end-to-end test of 2026-12-07: flat
  // since a step at commit 4, a 1.5x load spike at commit 15, then commit 16
  // 3.5 % up. Both last values lie beyond the prediction bound, on one side,
  // but the step both show is commit 16's 3.5 %, not the mean's 26 %.
  const std::vector<double> v = {27.22, 26.99, 26.90, 19.13, 19.03, 18.98, 18.98, 19.06,
                                 19.26, 19.17, 18.94, 19.04, 18.93, 19.13, 28.40, 19.72};
  auto settings = defaults();
  settings.min_change = 0.15;  // the end-to-end test's nightly --min-change 15
  auto got = find_change_points(v, settings);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].index, 3u);  // the real step, and nothing at the spike
  got = find_change_points(v, defaults());
  ASSERT_EQ(got.size(), 2u);
  const auto& early = got[1];
  EXPECT_TRUE(early.early);
  EXPECT_EQ(early.index, 14u);
  EXPECT_DOUBLE_EQ(early.test.mean_b, 19.72);  // the least-changed value after it
  EXPECT_LT(early.test.difference / early.test.mean_a, 0.05);
}

TEST(ChangePoints, AnEarlyChangeReportsTheFiguresOfTheValuesItTestedAndTheOutliersItLeftOut) {
  // A severe outlier in the reference segment, then a +30 % step in the
  // last commit: the outlier is left out of the mean before, and said.
  const std::vector<double> v = {100, 101, 100, 300, 101, 100, 101, 100, 130};
  const auto got = find_change_points(v, defaults());
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(got[0].early);
  EXPECT_EQ(got[0].index, 8u);
  EXPECT_EQ(got[0].left_out, (std::vector<std::size_t>{3}));
  EXPECT_GT(got[0].test.difference, 0);
  expect_one_story(v, got[0]);
}

TEST(ChangePoints, AStepInTheLastTwoCommitsIsAnEarlyChangePoint) {
  auto v = noise(k_length, 0.01, 7);
  v[k_length - 1] *= 1.5;
  v[k_length - 2] *= 1.5;
  const auto got = find_change_points(v, {});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].index, k_length - 2);
  EXPECT_TRUE(got[0].early);
  change_point_settings off;
  off.min_tail = off.min_segment;
  EXPECT_TRUE(find_change_points(v, off).empty());
  const std::vector<double> tiny = {1, 1, 2, 2, 2};
  EXPECT_TRUE(find_change_points(tiny, {}).empty());
}

TEST(ChangePoints, NoneWithoutDataBeforeIt) {
  const std::vector<double> two = {1, 5};
  EXPECT_TRUE(find_change_points(two, {}).empty());
  const std::vector<double> three = {1, 1, 5};  // 2 before: a variance of 1 degree of freedom is no reference
  EXPECT_TRUE(find_change_points(three, {}).empty());
  // Shorter than the tails tried (a store of one commit): none, and no
  // read outside the series (this crashed once; ASan checks it).
  for (const auto& [min_segment, min_tail] : {std::pair<std::size_t, std::size_t>{3, 1}, {6, 1}, {6, 2}}) {
    change_point_settings settings;
    settings.min_segment = min_segment;
    settings.min_tail = min_tail;
    for (std::size_t n = 0; n < min_segment; ++n) {
      std::vector<double> v(n, 1.0);
      if (n > 0) v.back() = 5;
      const auto what = std::to_string(n) + " values, min_segment " + std::to_string(min_segment) + ", min_tail " +
                        std::to_string(min_tail);
      EXPECT_TRUE(find_change_points(v, settings).empty()) << what;
      EXPECT_FALSE(next_step_bound_of(v, {}, settings)) << what;
    }
  }
}

TEST(ChangePoints, WindowedAndWholeSeriesAgreeOnALongSeries) {
  std::vector<double> v;
  for (int block = 0; block < 8; ++block) {
    const auto part = noise(100, 0.02, 300 + block);
    for (double x : part) v.push_back(x * (1 + 0.2 * (block % 2)));
  }
  change_point_settings whole;
  whole.window = 0;
  std::vector<std::size_t> a;
  std::vector<std::size_t> b;
  for (const auto& cp : find_change_points(v, {})) a.push_back(cp.index);
  for (const auto& cp : find_change_points(v, whole)) b.push_back(cp.index);
  const std::vector<std::size_t> truth = {100, 200, 300, 400, 500, 600, 700};
  EXPECT_EQ(a, truth);
  EXPECT_EQ(b, truth);
}

TEST(ChangePoints, MinChangeDropsSmallSteps) {
  change_point_settings s;
  s.min_change = 0.15;
  EXPECT_TRUE(find_change_points(step(10, 0.01, 5), s).empty());
  s.min_change = 0.05;
  EXPECT_EQ(find_change_points(step(10, 0.01, 5), s).size(), 1u);
}

// The accuracy table of docs/history.md ("Accuracy on synthetic series"):
// every kind's counts over its 30 seeded series, asserted, so that a change
// of method shows here and the docs' table is re-measured with it.
struct accuracy_row {
  const char* kind;
  int reported;       // change points found
  int true_positive;  // of them, within k_commit_tolerance of a real change
  int expected;       // real changes
};

std::vector<std::pair<std::string, tally>> accuracy_table() {
  std::vector<std::pair<std::string, tally>> rows;
  for (double pct : {2.0, 5.0, 10.0}) {
    for (double cv : {0.01, 0.02, 0.05}) {
      tally t;
      for (int seed = 0; seed < k_seeds; ++seed) t.add(found(step(pct, cv, 5000 + seed)), {k_step_at});
      char kind[64];
      std::snprintf(kind, sizeof kind, "step %+.0f %% at CV %.0f %%", pct, cv * 100);
      rows.emplace_back(kind, t);
    }
  }
  for (double cv : {0.01, 0.05}) {
    tally t;
    for (int seed = 0; seed < k_seeds; ++seed) {
      auto v = noise(k_length, cv, 6000 + seed);
      v[20] *= 3;
      t.add(found(v), {});
    }
    char kind[64];
    std::snprintf(kind, sizeof kind, "one 3x spike at CV %.0f %%", cv * 100);
    rows.emplace_back(kind, t);
  }
  {
    tally t;
    for (int seed = 0; seed < k_seeds; ++seed) {
      auto v = noise(k_length, 0.02, 7000 + seed);
      for (std::size_t i = 0; i < v.size(); ++i) v[i] *= 1 + 0.10 * static_cast<double>(i) / (v.size() - 1);
      t.add(found(v), {});
    }
    rows.emplace_back("drift +10 % over 60 at CV 2 %", t);
  }
  {
    tally t;
    for (int seed = 0; seed < k_seeds; ++seed) {
      auto v = step(10, 0.02, 8000 + seed, 25);
      for (std::size_t i = 31; i < v.size(); ++i) v[i] *= 1.10;
      t.add(found(v), {25, 31});
    }
    rows.emplace_back("two +10 % steps 6 apart at CV 2 %", t);
  }
  {
    tally t;
    for (int seed = 0; seed < k_seeds; ++seed) t.add(found(noise(k_length, 0.05, 9000 + seed)), {});
    rows.emplace_back("no change at CV 5 %", t);
  }
  return rows;
}

TEST(ChangePoints, PrecisionAndRecallPerKind) {
  const accuracy_row expected[] = {
      {"step +2 % at CV 1 %", 32, 28, 30},
      {"step +2 % at CV 2 %", 12, 6, 30},
      {"step +2 % at CV 5 %", 0, 0, 30},
      {"step +5 % at CV 1 %", 32, 30, 30},
      {"step +5 % at CV 2 %", 32, 29, 30},
      {"step +5 % at CV 5 %", 12, 6, 30},
      {"step +10 % at CV 1 %", 32, 30, 30},
      {"step +10 % at CV 2 %", 32, 30, 30},
      {"step +10 % at CV 5 %", 31, 26, 30},
      {"one 3x spike at CV 1 %", 0, 0, 0},
      {"one 3x spike at CV 5 %", 0, 0, 0},
      {"drift +10 % over 60 at CV 2 %", 41, 0, 0},
      {"two +10 % steps 6 apart at CV 2 %", 52, 47, 60},
      {"no change at CV 5 %", 0, 0, 0},
  };
  const auto rows = accuracy_table();
  ASSERT_EQ(rows.size(), std::size(expected));
  std::printf("| %-34s | %4s | %4s | %8s | %6s |\n", "kind (60 commits, 30 seeds)", "rep.", "true", "precision",
              "recall");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& [kind, t] = rows[i];
    t.print(kind.c_str());
    EXPECT_EQ(kind, expected[i].kind);
    EXPECT_EQ(t.reported, expected[i].reported) << kind;
    EXPECT_EQ(t.true_positive, expected[i].true_positive) << kind;
    EXPECT_EQ(t.expected, expected[i].expected) << kind;
  }
}

// next_step_bound_of: the bound a next value must pass to be reported at
// once, checked against find_change_points itself (a value just beyond it
// makes an early change point, one just inside does not) and against a
// hand-computed bound.

// How far beyond or inside the bound the probe values lie, as a share of it.
constexpr double k_probe_margin = 0.002;

// The change points of `series` with `extra` appended.
std::vector<change_point> with_next(std::vector<double> series, const std::vector<double>& extra,
                                    const change_point_settings& settings) {
  series.insert(series.end(), extra.begin(), extra.end());
  return find_change_points(series, settings);
}

TEST(NextStepBound, IsTheHandComputedPredictionBound) {
  // mean 100, s = sqrt(2.5), 5 values; alpha 0.001 over 2 tail lengths:
  // t(1 - 0.001 / 4, 4 df) = 10.3063 (numerical integration of the t
  // density), times s * sqrt(1 + 1/5) = 17.851.
  const std::vector<double> series = {100, 102, 98, 101, 99};
  const auto bound = next_step_bound_of(series, find_change_points(series, {}), {});
  ASSERT_TRUE(bound.has_value());
  EXPECT_DOUBLE_EQ(bound->mean, 100);
  EXPECT_NEAR(bound->standard_deviation, 1.58114, 1e-5);
  EXPECT_EQ(bound->reference_values, 5u);
  EXPECT_EQ(bound->values, 1u);
  EXPECT_NEAR(bound->half_width, 17.851, 0.01);
  // --min-change larger than the prediction bound: the bound is the min change.
  change_point_settings wide;
  wide.min_change = 0.25;
  EXPECT_DOUBLE_EQ(next_step_bound_of(series, find_change_points(series, wide), wide)->half_width, 25);
}

TEST(NextStepBound, AValueJustBeyondIsReportedAtOnceAndOneJustInsideIsNot) {
  const auto settings = defaults();
  int checked = 0;
  int at_min_change = 0;
  for (const double cv : {0.001, 0.005, 0.02, 0.05}) {
    for (const std::size_t length : {6u, 12u, 40u, 80u}) {
      for (unsigned seed = 1; seed <= 5; ++seed) {
        auto series = noise(length, cv, seed);
        // Half of them after a step: the bound is that of the values since it.
        if (seed % 2 == 0 && length >= 12) {
          for (std::size_t i = length / 2; i < length; ++i) series[i] *= 1.3;
        }
        const auto points = find_change_points(series, settings);
        const auto bound = next_step_bound_of(series, points, settings);
        if (!bound) continue;  // the last change point is early: nothing to bound yet
        if (bound->half_width == k_min_change * bound->mean) ++at_min_change;
        for (const double side : {1.0, -1.0}) {
          const double beyond = bound->mean + side * bound->half_width * (1 + k_probe_margin);
          const double inside = bound->mean + side * bound->half_width * (1 - k_probe_margin);
          const auto reported = with_next(series, {beyond}, settings);
          ASSERT_EQ(reported.size(), points.size() + 1) << "cv " << cv << ", " << length << " values, seed " << seed;
          EXPECT_TRUE(reported.back().early);
          EXPECT_GE(reported.back().index + 1, series.size());
          EXPECT_EQ((reported.back().test.difference > 0), side > 0);
          const auto quiet = with_next(series, {inside}, settings);
          ASSERT_EQ(quiet.size(), points.size()) << "cv " << cv << ", " << length << " values, seed " << seed;
          if (!quiet.empty()) {
            EXPECT_FALSE(quiet.back().early);
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_GE(checked, 100);
  EXPECT_GT(at_min_change, 0);  // the CV 0.1 % series: --min-change decides
}

TEST(NextStepBound, WithMinTailTwoTheStepMustLastTwoValues) {
  auto settings = defaults();
  settings.min_tail = 2;
  const auto series = noise(20, 0.02, 7);
  const auto points = find_change_points(series, settings);
  const auto bound = next_step_bound_of(series, points, settings);
  ASSERT_TRUE(bound.has_value());
  EXPECT_EQ(bound->values, 2u);
  const double beyond = bound->mean + bound->half_width * (1 + k_probe_margin);
  EXPECT_EQ(with_next(series, {beyond}, settings).size(), points.size());
  const auto two = with_next(series, {beyond, beyond}, settings);
  ASSERT_EQ(two.size(), points.size() + 1);
  EXPECT_TRUE(two.back().early);
}

TEST(NextStepBound, NoneWhileTheLastChangeIsEarlyOrTooFewValuesOrEarlyChangesAreOff) {
  const auto settings = defaults();
  auto stepped = noise(20, 0.01, 3);
  stepped.back() *= 1.5;  // an early change point in the last commit
  const auto points = find_change_points(stepped, settings);
  ASSERT_FALSE(points.empty());
  ASSERT_TRUE(points.back().early);
  EXPECT_FALSE(next_step_bound_of(stepped, points, settings).has_value());

  const std::vector<double> two = {100, 101};
  EXPECT_FALSE(next_step_bound_of(two, find_change_points(two, settings), settings).has_value());

  auto off = settings;
  off.min_tail = off.min_segment;
  const auto series = noise(20, 0.01, 4);
  EXPECT_FALSE(next_step_bound_of(series, find_change_points(series, off), off).has_value());
}

}  // namespace
}  // namespace benchgate::stats
