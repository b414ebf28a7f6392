// Instruction counts: identical samples on each side are judged by the noise
// threshold alone, with no test and no NaN anywhere.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/compare/compare.hpp"
#include "harness/compare/diff_json.hpp"
#include "tests/harness/compare/test_runs.hpp"

namespace benchgate::compare {
namespace {

using testing::make_cell;
using ::testing::HasSubstr;
using ::testing::Not;

// Three identical samples of `instructions` per iteration (and some time).
std::vector<results::sample> counted(double instructions) {
  std::vector<results::sample> out;
  for (int i = 0; i < 3; ++i) out.push_back({10, 100.0 + i, 100.0 + i, instructions, {}});
  return out;
}

results::run_results run_of(std::vector<results::sample> samples) {
  results::run_results run;
  run.cells.push_back(make_cell("demo", "core", benchgate::variant_role::core, "8", std::move(samples)));
  return run;
}

diff compare_counts(double old_count, double new_count) {
  comparison_settings settings;
  settings.metric = time_metric::instructions;
  settings.resamples = 1000;
  const auto old_run = run_of(counted(old_count));
  const auto new_run = run_of(counted(new_count));
  return compare_runs(old_run, describe_source(old_run, results::results_schema, "old.json", {}), new_run,
                      describe_source(new_run, results::results_schema, "new.json", {}), settings);
}

TEST(DeterministicCompare, EqualCountsAreNoChange) {
  const auto d = compare_counts(1000, 1000);
  ASSERT_EQ(d.cells.size(), 1U);
  EXPECT_TRUE(d.cells[0].deterministic);
  EXPECT_EQ(d.cells[0].verdict, stats::verdict::no_change);
  EXPECT_EQ(d.cells[0].mean_change.estimate, 0);
  EXPECT_TRUE(d.cells[0].warnings.empty());
  EXPECT_TRUE(d.warnings.empty());  // no "few samples" warning: no test was made
}

TEST(DeterministicCompare, TheThresholdAloneDecides) {
  EXPECT_EQ(compare_counts(1000, 1005).cells[0].verdict, stats::verdict::within_noise);  // +0.5 % <= 1 %
  EXPECT_EQ(compare_counts(1000, 1020).cells[0].verdict, stats::verdict::regressed);
  EXPECT_EQ(compare_counts(1000, 980).cells[0].verdict, stats::verdict::improved);
  EXPECT_NEAR(compare_counts(1000, 1020).cells[0].mean_change.lower, 0.02, 1e-12);
}

TEST(DeterministicCompare, PValuesAreNullInJsonAndReadBack) {
  const auto d = compare_counts(1000, 1020);
  const auto text = diff_to_json_text(d);
  EXPECT_THAT(text, HasSubstr("\"p_value\": null"));
  EXPECT_THAT(text, HasSubstr("\"deterministic\": true"));
  EXPECT_THAT(text, Not(HasSubstr("NaN")));
  EXPECT_THAT(text, Not(HasSubstr("nan")));
  const auto back = parse_diff(text, "test");
  ASSERT_EQ(back.cells.size(), 1U);
  EXPECT_TRUE(back.cells[0].deterministic);
  EXPECT_EQ(back.cells[0].verdict, stats::verdict::regressed);
}

TEST(DeterministicCompare, SpreadCountsAreTestedAsUsual) {
  auto spread = counted(1000);
  spread[1].instructions = 1001;
  const auto old_run = run_of(spread);
  const auto new_run = run_of(counted(1000));
  comparison_settings settings;
  settings.metric = time_metric::instructions;
  settings.resamples = 1000;
  const auto d = compare_runs(old_run, describe_source(old_run, results::results_schema, "o", {}), new_run,
                              describe_source(new_run, results::results_schema, "n", {}), settings);
  ASSERT_EQ(d.cells.size(), 1U);
  EXPECT_FALSE(d.cells[0].deterministic);
}

TEST(DeterministicCompare, ASideWithoutCountsIsNotCompared) {
  const auto old_run = run_of(counted(1000));
  const auto new_run = run_of(testing::samples_around(100, 3));
  comparison_settings settings;
  settings.metric = time_metric::instructions;
  const auto d = compare_runs(old_run, describe_source(old_run, results::results_schema, "o", {}), new_run,
                              describe_source(new_run, results::results_schema, "n", {}), settings);
  EXPECT_TRUE(d.cells.empty());
  ASSERT_EQ(d.not_compared.size(), 1U);
  EXPECT_EQ(d.not_compared[0].reason,
            "the new side has no instruction counts (made without 'run --measure instructions')");
}

TEST(DeterministicCompare, TimeIsNeverDeterministic) {
  const auto old_run = run_of(counted(1000));
  comparison_settings settings;
  settings.metric = time_metric::cpu;
  settings.resamples = 1000;
  const auto d = compare_runs(old_run, describe_source(old_run, results::results_schema, "o", {}), old_run,
                              describe_source(old_run, results::results_schema, "n", {}), settings);
  EXPECT_FALSE(d.cells.at(0).deterministic);
}

}  // namespace
}  // namespace benchgate::compare
