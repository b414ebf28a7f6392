#include "harness/compare/compare.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "harness/compare/environment_check.hpp"
#include "harness/formats/merge.hpp"
#include "harness/formats/pairing_records.hpp"
#include "tests/harness/compare/test_runs.hpp"

namespace benchgate::compare {
namespace {

using ::testing::HasSubstr;
using testing::make_cell;
using testing::samples_around;
using benchgate::variant_role;

// Fast enough for unit tests; the defaults are exercised by the CLI tests.
comparison_settings quick_settings() {
  comparison_settings s;
  s.resamples = 2000;
  return s;
}

results::run_results run_of(std::vector<results::cell> cells) {
  results::run_results run;
  run.cells = std::move(cells);
  return run;
}

diff compare(const results::run_results& a, const results::run_results& b,
             comparison_settings s = quick_settings()) {
  return compare_runs(a, {}, b, {}, s);
}

// Samples whose speed swings by a factor of two over the run (a shared
// machine's slow spells), each new one 3 % slower than its old partner.
// Unpaired, the swing hides the change; paired, it is plain.
TEST(Compare, RunsThatRecordTheirPairingCompareAsPairs) {
  std::vector<results::sample> old_samples;
  std::vector<results::sample> new_samples;
  for (int i = 0; i < 20; ++i) {
    const double ns = 100.0 * (1 + (i % 5) * 0.25) * (1 + 0.001 * i);
    old_samples.push_back({1000, ns, ns, std::nullopt, {}});
    new_samples.push_back({1000, ns * 1.03, ns * 1.03, std::nullopt, {}});
  }
  auto old_run = run_of({make_cell("c", "v", {}, "1", old_samples)});
  auto new_run = run_of({make_cell("c", "v", {}, "1", new_samples)});
  const auto unpaired = compare(old_run, new_run);
  EXPECT_FALSE(unpaired.config.paired);
  EXPECT_NE(unpaired.cells[0].verdict, stats::verdict::regressed);
  EXPECT_LT(unpaired.cells[0].mean_change.lower, 0);

  results::record_pairing(old_run, new_run);
  // The new side's samples stored in another order: pairing goes by the
  // recorded partner, not by position.
  std::reverse(new_run.cells[0].samples.begin(), new_run.cells[0].samples.end());
  const auto paired = compare(old_run, new_run);
  EXPECT_TRUE(paired.config.paired);
  const auto& c = paired.cells[0];
  EXPECT_EQ(c.verdict, stats::verdict::regressed);
  EXPECT_NEAR(c.mean_change.estimate, 0.03, 1e-9);
  EXPECT_GT(c.mean_change.lower, 0.029);
  EXPECT_LT(c.mean_change.upper, 0.031);
  EXPECT_TRUE(paired.warnings.empty());
}

// Three pairs, each new sample 30 % faster: the sign-flip test cannot go
// below p = 0.25, so the cell is "no change", and the diff says why rather
// than leaving a large change unexplained.
TEST(Compare, TooFewPairsForTheTestAreNamed) {
  std::vector<results::sample> old_samples;
  std::vector<results::sample> new_samples;
  for (const double ns : {100.0, 103.0, 98.0}) {
    old_samples.push_back({1000, ns, ns, std::nullopt, {}});
    new_samples.push_back({1000, ns * 0.7, ns * 0.7 + 1, std::nullopt, {}});
  }
  auto old_run = run_of({make_cell("c", "v", {}, "1", old_samples)});
  auto new_run = run_of({make_cell("c", "v", {}, "1", new_samples)});
  results::record_pairing(old_run, new_run);
  const auto d = compare(old_run, new_run);
  ASSERT_TRUE(d.config.paired);
  EXPECT_EQ(d.cells[0].welch.p, 0.25);
  EXPECT_EQ(d.cells[0].verdict, stats::verdict::no_change);
  const auto it = std::find_if(d.warnings.begin(), d.warnings.end(), [](const auto& w) { return w.kind == "few_pairs"; });
  ASSERT_NE(it, d.warnings.end());
  EXPECT_EQ(it->message,
            "1 of 1 cells have 3 pairs, too few for the paired test: its p is at least 0.25, not below alpha 0.05, so "
            "no change in them can be significant; pair at least 6 samples (ab --rounds, gate --confirm)");
}

// Two process pairs (benchgate ab --pairs 2): in the first the new
// process ran the cell 8 % slower on every sample (a steady offset of one
// process), in the second 2 % faster. Pair by pair it looks like a sure
// +3 %; with the process pair as the unit there are two log ratios,
// log 1.08 and log 0.98: t = 0.584 with 1 degree of freedom, p = 1 -
// (2 / pi) atan(0.584) = 0.663.
TEST(Compare, ProcessPairsAreTheUnitWhenRecorded) {
  const auto process_pair = [](const std::string& id, double factor, std::int64_t index) {
    std::vector<results::sample> old_samples;
    std::vector<results::sample> new_samples;
    for (int i = 0; i < 10; ++i) {
      const double ns = 100.0 * (1 + 0.001 * i);
      old_samples.push_back({1000, ns, ns, std::nullopt, {}});
      new_samples.push_back({1000, ns * factor, ns * factor, std::nullopt, {}});
    }
    auto old_run = run_of({make_cell("c", "v", {}, "1", old_samples)});
    auto new_run = run_of({make_cell("c", "v", {}, "1", new_samples)});
    old_run.run_id = "old" + id;
    new_run.run_id = "new" + id;
    old_run.env.date = old_run.run_id;  // distinct runs for merge
    new_run.env.date = new_run.run_id;
    results::record_pairing(old_run, new_run, index);
    return std::pair{old_run, new_run};
  };
  const auto [old_1, new_1] = process_pair("1", 1.08, 1);
  const auto [old_2, new_2] = process_pair("2", 0.98, 2);
  const std::vector<results::named_run> olds = {{"old1", old_1}, {"old2", old_2}};
  const std::vector<results::named_run> news = {{"new1", new_1}, {"new2", new_2}};
  const auto old_pool = results::merge_runs(olds);
  const auto new_pool = results::merge_runs(news);
  const auto d = compare(old_pool, new_pool);
  EXPECT_TRUE(d.config.paired);
  EXPECT_TRUE(d.config.clustered);
  const auto& c = d.cells[0];
  EXPECT_NEAR(c.welch.p, 1 - 2 / std::numbers::pi * std::atan(0.5842), 1e-3);
  EXPECT_EQ(c.verdict, stats::verdict::no_change);
  EXPECT_NEAR(c.mean_change.estimate, std::sqrt(1.08 * 0.98) - 1, 1e-9);
  EXPECT_LT(c.mean_change.lower, 0);
  EXPECT_GT(c.mean_change.upper, 0.08);

  // The same pairs without the process-pair index (a file written before
  // it) compare pair by pair, as before: +3 % with a small p.
  auto old_plain = old_pool;
  auto new_plain = new_pool;
  for (auto* run : {&old_plain, &new_plain}) {
    for (auto& p : run->pairings) p.process_pair.reset();
  }
  const auto before = compare(old_plain, new_plain);
  EXPECT_TRUE(before.config.paired);
  EXPECT_FALSE(before.config.clustered);
  EXPECT_LT(before.cells[0].welch.p, 0.05);
  EXPECT_NE(before.cells[0].verdict, stats::verdict::no_change);
}

TEST(Compare, PairedRunsWhoseSamplesDoNotPairCompareUnpairedWithAWarning) {
  auto old_run = run_of({make_cell("c", "v", {}, "1", samples_around(100, 20))});
  auto new_run = run_of({make_cell("c", "v", {}, "1", samples_around(100, 20))});
  results::record_pairing(old_run, new_run);
  new_run.cells[0].samples.pop_back();
  const auto d = compare(old_run, new_run);
  EXPECT_FALSE(d.config.paired);
  ASSERT_EQ(d.warnings.size(), 1U);
  EXPECT_EQ(d.warnings[0].kind, "pairing");
  EXPECT_THAT(d.warnings[0].message, HasSubstr("cell c/v/size:1: 20 and 19 samples"));
}

TEST(Compare, EqualSamplesShowNoChange) {
  const auto a = run_of({make_cell("c", "v", {}, "1", samples_around(100, 20))});
  const auto d = compare(a, a);
  ASSERT_EQ(d.cells.size(), 1U);
  const auto& c = d.cells[0];
  EXPECT_EQ(c.verdict, stats::verdict::no_change);
  EXPECT_DOUBLE_EQ(c.mean_change.estimate, 0);
  EXPECT_LT(c.mean_change.lower, 0);
  EXPECT_GT(c.mean_change.upper, 0);
  EXPECT_GT(c.welch.p, 0.5);
  EXPECT_DOUBLE_EQ(c.mann_whitney.p, 1);  // identical samples: U = mu
  EXPECT_TRUE(c.mann_whitney.reliable);
  EXPECT_TRUE(c.warnings.empty());
  EXPECT_EQ(d.summary.no_change, 1U);
  EXPECT_DOUBLE_EQ(*d.summary.geomean_change, 0);
}

TEST(Compare, ATwentyPercentSlowdownIsARegression) {
  auto slow = make_cell("c", "v", {}, "1", samples_around(120, 20));
  slow.work = {benchgate::work_unit::bytes, 1000};
  auto fast = make_cell("c", "v", {}, "1", samples_around(100, 20));
  fast.work = slow.work;
  const auto d = compare(run_of({fast}), run_of({slow}));
  const auto& c = d.cells[0];
  EXPECT_EQ(c.verdict, stats::verdict::regressed);
  EXPECT_DOUBLE_EQ(c.mean_change.estimate, 0.2);
  EXPECT_GT(c.mean_change.lower, 0.18);
  EXPECT_LT(c.mean_change.upper, 0.22);
  EXPECT_LT(c.p_value, 0.05);
  ASSERT_TRUE(c.throughput_change.has_value());
  EXPECT_DOUBLE_EQ(c.throughput_change->estimate, 1 / 1.2 - 1);
  EXPECT_EQ(c.new_side.samples, 20U);
  double total = 0;
  for (const auto& sample : slow.samples) total += sample.real_ns;
  EXPECT_NEAR(c.new_side.mean.estimate, total / 20, 1e-9);
  EXPECT_FALSE(c.new_side.typical_is_slope);
  EXPECT_EQ(d.summary.regressed, 1U);
}

TEST(Compare, TheVerdictUsesTheChosenTestsAdjustedP) {
  std::vector<results::cell> old_cells;
  std::vector<results::cell> new_cells;
  for (int i = 0; i < 5; ++i) {
    old_cells.push_back(make_cell("c", "v" + std::to_string(i), {}, "1", samples_around(100, 12)));
    new_cells.push_back(make_cell("c", "v" + std::to_string(i), {}, "1", samples_around(i == 0 ? 110 : 100, 12)));
  }
  auto s = quick_settings();
  s.test = significance_test::mann_whitney;
  const auto holm = compare(run_of(old_cells), run_of(new_cells), s);
  for (const auto& c : holm.cells) {
    EXPECT_GE(c.mann_whitney.p_adjusted, c.mann_whitney.p);
    EXPECT_GE(c.welch.p_adjusted, c.welch.p);
    EXPECT_EQ(c.p_value, c.mann_whitney.p_adjusted);
  }
  // Holm multiplies the smallest of five p-values by five.
  EXPECT_DOUBLE_EQ(holm.cells[0].mann_whitney.p_adjusted, std::min(1.0, 5 * holm.cells[0].mann_whitney.p));
  s.correction = stats::correction::none;
  const auto raw = compare(run_of(old_cells), run_of(new_cells), s);
  EXPECT_EQ(raw.cells[0].mann_whitney.p_adjusted, raw.cells[0].mann_whitney.p);
}

TEST(Compare, FailedAndOneSidedCellsAreListedNotCompared) {
  auto failed = make_cell("c", "broken", {}, "", {});
  failed.error = "variants disagree";
  const auto a = run_of({make_cell("c", "ok", {}, "", samples_around(10, 10)), failed,
                         make_cell("c", "gone", {}, "", samples_around(10, 10))});
  const auto b = run_of({make_cell("c", "ok", {}, "", samples_around(10, 10)),
                         make_cell("c", "broken", {}, "", samples_around(10, 10)),
                         make_cell("c", "empty", {}, "", {})});
  const auto d = compare(a, b);
  ASSERT_EQ(d.cells.size(), 1U);
  ASSERT_EQ(d.not_compared.size(), 1U);
  EXPECT_EQ(d.not_compared[0].name, "c/broken");
  EXPECT_EQ(d.not_compared[0].reason, "the old side failed: variants disagree");
  EXPECT_THAT(d.only_old, ::testing::ElementsAre("c/gone"));
  EXPECT_THAT(d.only_new, ::testing::ElementsAre("c/empty"));
}

TEST(Compare, FewSamplesWarnAboutTheUTest) {
  const auto a = run_of({make_cell("c", "v", {}, "", samples_around(10, 5))});
  const auto d = compare(a, a);
  EXPECT_FALSE(d.cells[0].mann_whitney.reliable);
  EXPECT_THAT(d.cells[0].warnings[0], HasSubstr("fewer than 9 samples on a side (old 5, new 5)"));
  ASSERT_EQ(d.warnings.size(), 1U);
  EXPECT_EQ(d.warnings[0].kind, "few_samples");
  EXPECT_EQ(d.warnings[0].message, "1 of 1 cells have fewer than 9 samples on a side: their U test is unreliable");
}

// One sample has no spread, so no interval: the cell is not compared (and
// listed with its reason) rather than judged on a point estimate.
TEST(Compare, OneSampleASideIsNotComparedForWantOfAnInterval) {
  const auto a = run_of({make_cell("c", "v", {}, "", samples_around(10, 1))});
  const auto b = run_of({make_cell("c", "v", {}, "", samples_around(12, 10))});
  const auto d = compare(a, b);
  EXPECT_TRUE(d.cells.empty());
  ASSERT_EQ(d.not_compared.size(), 1U);
  EXPECT_EQ(d.not_compared[0].name, "c/v");
  EXPECT_EQ(d.not_compared[0].kind, skip_kind::too_few_samples);
  EXPECT_EQ(d.not_compared[0].reason,
            "the old side has only 1 sample, fewer than 2: no interval, so no verdict (Google Benchmark: "
            "--benchmark_repetitions=N)");
}

// Two samples a side are enough for an interval (and the Welch test).
TEST(Compare, TwoSamplesASideAreCompared) {
  const auto a = run_of({make_cell("c", "v", {}, "", samples_around(10, 2))});
  const auto b = run_of({make_cell("c", "v", {}, "", samples_around(12, 2))});
  const auto d = compare(a, b);
  ASSERT_EQ(d.cells.size(), 1U);
  EXPECT_TRUE(d.not_compared.empty());
}

TEST(Compare, APairsNumbersDoNotDependOnTheOtherCells) {
  const auto x = make_cell("c", "x", {}, "", samples_around(10, 12));
  const auto y = make_cell("c", "y", {}, "", samples_around(20, 12));
  auto x2 = make_cell("c", "x", {}, "", samples_around(10.5, 12));
  const auto alone = compare(run_of({x}), run_of({x2}));
  const auto together = compare(run_of({y, x}), run_of({x2, y}));
  ASSERT_EQ(together.cells[0].name, "c/x");
  EXPECT_EQ(together.cells[0].mean_change, alone.cells[0].mean_change);
  EXPECT_EQ(together.cells[0].welch.p, alone.cells[0].welch.p);
}

TEST(Compare, VariantsModeRecordsTheRoles) {
  const auto run = run_of({make_cell("c", "baseline", variant_role::baseline, "8", samples_around(100, 10)),
                           make_cell("c", "core", variant_role::core, "8", samples_around(10, 10))});
  const auto d = compare_variants(run, {}, variant_role::baseline, {variant_role::core}, quick_settings());
  EXPECT_EQ(d.mode, compare_mode::variants);
  EXPECT_EQ(d.base_role, variant_role::baseline);
  ASSERT_EQ(d.cells.size(), 1U);
  EXPECT_EQ(d.cells[0].name, "c/core/size:8");
  EXPECT_EQ(d.cells[0].old_side.name, "c/baseline/size:8");
  EXPECT_EQ(d.cells[0].verdict, stats::verdict::improved);
  EXPECT_NEAR(d.cells[0].mean_change.estimate, -0.9, 1e-12);
}

TEST(Compare, SummaryCountsVerdictsAndTakesTheGeometricMean) {
  std::vector<cell_diff> cells(3);
  cells[0].mean_change.estimate = 1.0;   // ratio 2
  cells[0].verdict = stats::verdict::regressed;
  cells[1].mean_change.estimate = 1.0;   // ratio 2
  cells[1].verdict = stats::verdict::within_noise;
  cells[2].mean_change.estimate = -0.5;  // ratio 1/2
  cells[2].verdict = stats::verdict::improved;
  const auto s = summarize(cells);
  EXPECT_EQ(s.compared, 3U);
  EXPECT_EQ(s.regressed, 1U);
  EXPECT_EQ(s.within_noise, 1U);
  EXPECT_EQ(s.improved, 1U);
  EXPECT_NEAR(*s.geomean_change, std::cbrt(2.0) - 1, 1e-12);
  EXPECT_EQ(s.geomean_left_out, 0U);
  EXPECT_FALSE(summarize({}).geomean_change.has_value());
  // A cell at -100 % (ratio 0) has no logarithm: left out, and counted.
  cells.push_back(cells[2]);
  cells.back().mean_change.estimate = -1.0;
  const auto with_zero = summarize(cells);
  EXPECT_NEAR(*with_zero.geomean_change, std::cbrt(2.0) - 1, 1e-12);
  EXPECT_EQ(with_zero.geomean_left_out, 1U);
}

TEST(EnvironmentCheck, WarnsOnKnownDifferencesOnly) {
  diff_source a;
  diff_source b;
  a.env.cpu_model = "AMD EPYC";
  b.env.cpu_model = "Intel Xeon";
  a.env.compiler = "GNU 12.2.0";  // unknown on b: not compared
  a.env.build_type = b.env.build_type = "Release";
  const auto w = environment_warnings(a, b);
  ASSERT_EQ(w.size(), 1U);
  EXPECT_EQ(w[0].kind, "environment");
  EXPECT_EQ(w[0].message,
            "CPU model differs: old 'AMD EPYC', new 'Intel Xeon'; a change may come from it rather than from the code");
}

TEST(EnvironmentCheck, WarnsWhenOneSideHadAnInjectedSlowdown) {
  diff_source a;
  diff_source b;
  a.run_settings = results::settings{};
  b.run_settings = results::settings{};
  b.run_settings->injected_slowdown_pct = 10;
  const auto w = environment_warnings(a, b);
  ASSERT_EQ(w.size(), 1U);
  EXPECT_EQ(w[0].kind, "settings");
  EXPECT_THAT(w[0].message, HasSubstr("old 0 %, new 10 %"));
}

}  // namespace
}  // namespace benchgate::compare
