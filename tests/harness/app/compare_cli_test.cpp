#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/compare/diff_json.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

// A results file with one cell per (variant, time): 12 samples around it.
results::run_results run_with(const std::vector<std::pair<std::string, double>>& cells,
                              const std::string& cpu = "AMD EPYC") {
  results::run_results run;
  run.env.cpu_model = cpu;
  for (const auto& [variant, ns] : cells) {
    results::cell c;
    c.case_name = "demo";
    c.variant = variant;
    c.role = variant == "baseline" ? benchgate::variant_role::baseline : benchgate::variant_role::core;
    c.params = {{"size", "8"}};
    c.name = "demo/" + variant + "/size:8";
    c.work = {benchgate::work_unit::bytes, 64};
    for (int i = 0; i < 12; ++i) c.samples.push_back({100, ns * (1 + 0.002 * (i % 5)), ns, std::nullopt, {}});
    run.cells.push_back(c);
  }
  return run;
}

class CompareCli : public testing::cli_test {};

TEST_F(CompareCli, ReportsARegressionAndWritesTheDiff) {
  results::save_results(run_with({{"core", 100}}), path("old.json"), "test");
  results::save_results(run_with({{"core", 130}}), path("new.json"), "test");
  const auto r = run("compare old.json new.json --resamples 1000 --json diff.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("demo/core/size:8\n                        time:   ["));
  EXPECT_THAT(r.out, HasSubstr("(p = 0.00 < 0.05)"));
  EXPECT_THAT(r.out, HasSubstr("Performance has regressed."));
  EXPECT_THAT(r.out, HasSubstr("  regressed       1\n"));
  EXPECT_THAT(r.out, HasSubstr("diff: diff.json\n"));
  EXPECT_EQ(r.err, "");
  const auto d = compare::load_diff(path("diff.json"), "test");
  ASSERT_EQ(d.cells.size(), 1U);
  EXPECT_EQ(d.cells[0].verdict, stats::verdict::regressed);
  EXPECT_NEAR(d.cells[0].mean_change.estimate, 0.3, 1e-9);
}

TEST_F(CompareCli, DifferentMachinesWarnOnStderr) {
  results::save_results(run_with({{"core", 100}}, "AMD EPYC"), path("old.json"), "test");
  results::save_results(run_with({{"core", 100}}, "Intel Xeon"), path("new.json"), "test");
  const auto r = run("compare old.json new.json --resamples 1000 --json diff.json");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "warning: CPU model differs: old 'AMD EPYC', new 'Intel Xeon'; a change may come from it rather "
                   "than from the code\n");
  EXPECT_EQ(compare::load_diff(path("diff.json"), "test").warnings.at(0).kind, "environment");
}

TEST_F(CompareCli, VariantsCompareEachCoreWithItsBaseline) {
  results::save_results(run_with({{"baseline", 1000}, {"core", 100}}), path("run.json"), "test");
  const auto r = run("compare --variants run.json --resamples 1000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("demo/core/size:8  (vs demo/baseline/size:8)"));
  EXPECT_THAT(r.out, HasSubstr("Performance has improved."));
  EXPECT_THAT(r.out, HasSubstr("thrpt:  [+897.84% +900.00% +902.33%]"));  // ten times the throughput
}

TEST_F(CompareCli, AMissingInputIsExitTwoWithTheSavedBaselines) {
  results::save_results(run_with({{"core", 100}}), path("saved/main.json"), "test");
  const auto r = run("compare mian main --baseline-dir saved");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: OLD mian: no such file, and no saved baseline of that name in saved (saved baselines: main)\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(CompareCli, UsageErrorsAreExitTwo) {
  const auto r = run("compare only.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: benchgate compare: expected two inputs, OLD and NEW, got 1"));
}

TEST_F(CompareCli, GoogleBenchmarkAggregatesOnlyIsExitTwoWithAFix) {
  files::write_atomically(path("gb.json"),
                          R"({"benchmarks": [{"name": "BM_mean", "run_type": "aggregate", "aggregate_name": "mean",
                              "iterations": 3, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]})",
                          "test");
  const auto r = run("compare gb.json gb.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: OLD gb.json: holds only aggregates"));
}

TEST_F(CompareCli, NoCommonCellIsExitTwo) {
  results::save_results(run_with({{"core", 100}}), path("a.json"), "test");
  results::save_results(run_with({{"baseline", 100}}), path("b.json"), "test");
  const auto r = run("compare a.json b.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("no cell name is on both sides (1 and 1 cells)"));
}

}  // namespace
}  // namespace benchgate
