#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "harness/support/files/file_io.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

// A hand-made compared cell: mean change [lower, estimate, upper] in percent.
compare::cell_diff diff_cell(const std::string& name, double lower, double estimate, double upper, double p) {
  compare::cell_diff c;
  c.name = name;
  c.mean_change = {estimate / 100, lower / 100, upper / 100, 0};
  c.p_value = p;
  return c;
}

void save_diff_of(const std::vector<compare::cell_diff>& cells, const std::filesystem::path& path) {
  compare::diff d;
  d.cells = cells;
  compare::save_diff(d, path, "test");
}

// A results file of one demo/core/size:8 cell: 12 samples around `ns` of
// wall time, and around 50 ns of CPU time whatever `ns`.
results::run_results run_at(double ns) {
  results::run_results run;
  results::cell c;
  c.case_name = "demo";
  c.variant = "core";
  c.role = benchgate::variant_role::core;
  c.params = {{"size", "8"}};
  c.name = "demo/core/size:8";
  c.work = {benchgate::work_unit::bytes, 64};
  for (int i = 0; i < 12; ++i) c.samples.push_back({100, ns * (1 + 0.002 * (i % 5)), 50 * (1 + 0.002 * (i % 3)), std::nullopt, {}});
  run.cells.push_back(c);
  return run;
}

class GateCli : public testing::cli_test {
 protected:
  void write(const std::string& name, const std::string& text) { files::write_atomically(path(name), text, "test"); }
};

TEST_F(GateCli, PassIsExitZero) {
  save_diff_of({diff_cell("a/core/x", 1, 2, 3, 0.01), diff_cell("a/core/y", -30, -20, -10, 0.001)}, path("d.json"));
  const auto r = run("gate d.json --no-rules");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2 cells: 0 fail, 0 unstable, 0 warn, 1 pass, 1 improved, 0 ignored\ngate: PASS\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(GateCli, ARegressionBeyondTheThresholdIsExitOne) {
  save_diff_of({diff_cell("a/core/x", 6, 8, 10, 0.001), diff_cell("a/core/y", 0, 1, 2, 0.5)}, path("d.json"));
  const auto r = run("gate d.json --no-rules --max-regression 5% --json v.json --markdown s.md --text-out t.txt");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.out, HasSubstr("a/core/x  [+6.0000% +8.0000% +10.000%]      0.0010    fail      defaults (real_time "
                               "[built-in], warn 5% [command line], fail 5% [command line])\n"));
  EXPECT_THAT(r.out, HasSubstr("gate: FAIL (1 cell regressed beyond their thresholds)\n"));
  const auto verdict = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  EXPECT_EQ(verdict["exit_code"], 1);
  EXPECT_EQ(verdict["cells"][0]["status"], "fail");
  EXPECT_EQ(verdict["cells"][1]["status"], "pass");
  const auto md = files::read_file(path("s.md"), "test");
  EXPECT_THAT(md, HasSubstr("### :x: benchgate FAIL (1 cell regressed beyond their thresholds)\n"));
  EXPECT_THAT(md, HasSubstr("| `a/core/x` | +8.0000% | +6.0000% .. +10.000% | 0.0010 | **fail** |"));
  EXPECT_EQ(files::read_file(path("t.txt"), "test"), r.out);
}

TEST_F(GateCli, AHigherThresholdPasses) {
  save_diff_of({diff_cell("a/core/x", 6, 8, 10, 0.001)}, path("d.json"));
  EXPECT_EQ(run("gate d.json --no-rules --max-regression 5").exit_code, 1);
  const auto r = run("gate d.json --no-rules --max-regression 12 --warn 3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("a/core/x  [+6.0000% +8.0000% +10.000%]      0.0010    warn      defaults (real_time [built-in], "
                               "warn 3% [command line], fail 12% [command line])\n"));
  EXPECT_THAT(r.out, HasSubstr(": 0 fail, 0 unstable, 1 warn, 0 pass, 0 improved, 0 ignored\ngate: PASS\n"));
}

TEST_F(GateCli, AWideCiIsExitThreeWhenNothingFails) {
  save_diff_of({diff_cell("a/core/x", -20, 3, 30, 0.6)}, path("d.json"));
  const auto r = run("gate d.json --no-rules --max-ci-width 20");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_THAT(r.out, HasSubstr("gate: UNSTABLE (1 cell too noisy to judge)\n"));
  save_diff_of({diff_cell("a/core/x", -20, 3, 30, 0.6), diff_cell("a/core/y", 10, 12, 14, 0.001)}, path("e.json"));
  const auto e = run("gate e.json --no-rules --max-ci-width 20");
  EXPECT_EQ(e.exit_code, 1) << e.err;
  EXPECT_THAT(e.out, HasSubstr("gate: FAIL (1 cell regressed beyond their thresholds)\n"));
}

TEST_F(GateCli, RulesFileDecidesPerCell) {
  save_diff_of({diff_cell("http_parse/core/x", 6, 8, 10, 0.001), diff_cell("page_iter/core/x", 6, 8, 10, 0.001),
                diff_cell("page_iter/peer/x", 50, 60, 70, 0.001)},
               path("d.json"));
  write("rules.json", R"({"schema":"benchgate.rules/1","defaults":{"fail":5},
    "rules":[{"match":"http_parse/*","fail":"10%"}],"ignore":["*/peer/*"]})");
  const auto r = run("gate d.json --rules rules.json --json v.json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto v = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  EXPECT_EQ(v["cells"][0]["status"], "pass");
  EXPECT_EQ(v["cells"][0]["rule"]["match"], "http_parse/*");
  EXPECT_EQ(v["cells"][1]["status"], "fail");
  EXPECT_EQ(v["cells"][2]["status"], "ignored");
  EXPECT_EQ(v["totals"]["fail"], 1);
}

TEST_F(GateCli, TheDefaultRulesFileIsReadFromTheWorkingFolder) {
  save_diff_of({diff_cell("a/core/x", 6, 8, 10, 0.001)}, path("d.json"));
  write(".benchgate-rules.json", R"({"schema":"benchgate.rules/1","defaults":{"fail":20}})");
  const auto with_rules = run("gate d.json");
  EXPECT_EQ(with_rules.exit_code, 0) << with_rules.err;
  EXPECT_THAT(with_rules.out, HasSubstr(": 0 fail, 0 unstable, 0 warn, 1 pass, 0 improved, 0 ignored\ngate: PASS\n"));
  const auto without = run("gate d.json --no-rules");
  EXPECT_EQ(without.exit_code, 1) << without.err;
  EXPECT_THAT(without.out, HasSubstr("gate: FAIL (1 cell regressed beyond their thresholds)\n"));
}

TEST_F(GateCli, BadRulesAreExitTwoNamingTheKey) {
  save_diff_of({diff_cell("a/core/x", 6, 8, 10, 0.001)}, path("d.json"));
  write("rules.json", R"({"schema":"benchgate.rules/1","rules":[{"match":"a/*","fial":5}]})");
  const auto r = run("gate d.json --rules rules.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --rules rules.json: rules[0].fial: unknown key; expected one of match, metric, direction, "
                   "warn, fail, max_ci_width\n");
}

TEST_F(GateCli, OldNewComparesThenGates) {
  results::save_results(run_at(100), path("old.json"), "test");
  results::save_results(run_at(130), path("new.json"), "test");
  const auto r = run("gate old.json new.json --no-rules --max-regression 10");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.out, HasSubstr("demo/core/size:8"));
  // Each verdict with its reason: exit code and the gate line.
  const auto expect_gate = [&](const std::string& options, int exit_code, const std::string& line) {
    const auto g = run("gate old.json new.json --no-rules " + options);
    EXPECT_EQ(g.exit_code, exit_code) << options << ": " << g.err;
    EXPECT_THAT(g.out, HasSubstr("\n" + line + "\n")) << options;
  };
  expect_gate("--max-regression 40", 0, "gate: PASS");
  // Throughput falls by 1 - 1/1.3 = 23 %.
  expect_gate("--metric throughput --max-regression 20", 1, "gate: FAIL (1 cell regressed beyond their thresholds)");
  expect_gate("--metric throughput --max-regression 25", 0, "gate: PASS");
  // cpu_time is the same on both sides.
  expect_gate("--metric cpu_time --max-regression 10", 0, "gate: PASS");
}

TEST_F(GateCli, ConfirmNeedsRunsItCanRepeat) {
  save_diff_of({diff_cell("a/core/x", 6, 8, 10, 0.001)}, path("d.json"));
  auto r = run("gate d.json --confirm 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --confirm 2: needs OLD and NEW benchgate results to re-run their cells; a diff file "
                   "(d.json) cannot be re-run\n");
  write("gb.json", R"({"context":{},"benchmarks":[{"name":"demo/core/size:8","run_type":"iteration",
    "iterations":100,"real_time":100,"cpu_time":100,"time_unit":"ns"}]})");
  results::save_results(run_at(100), path("old.json"), "test");
  r = run("gate old.json gb.json --confirm 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --confirm 1: NEW gb.json is google-benchmark; re-running its cells needs the Google "
                   "Benchmark executable that wrote it: expected --old-binary PATH --new-binary PATH, or benchgate "
                   "results (benchgate run --out), whose settings say how the cells were run\n");
}

TEST_F(GateCli, UsageErrorsAreExitTwo) {
  auto r = run("gate");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: benchgate gate: expected DIFF or OLD NEW, got 0 inputs; see 'benchgate gate --help'\n");
  r = run("gate a b c");
  EXPECT_EQ(r.exit_code, 2);
  r = run("gate d.json --max-regression five");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --max-regression five: expected a percentage >= 0, e.g. 5 or 5%\n");
  r = run("gate d.json --confirm 0");
  EXPECT_EQ(r.err, "error: --confirm 0: expected a number of rounds from 1 to 100\n");
  r = run("gate d.json --metric 'wall time'");
  EXPECT_EQ(r.err, "error: --metric wall time: expected real_time, cpu_time, instructions, throughput or a counter's "
                   "name (letters, digits, _ - . :)\n");
  // Any name is a counter's, but one whose direction nothing says is refused.
  save_diff_of({diff_cell("a/core/x", 6, 8, 10, 0.001)}, path("d.json"));
  r = run("gate d.json --metric wall");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: cell a/core/x: gated on wall (from the command line), whose better direction "
                               "is not known"));
  r = run("gate missing.json --no-rules");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("missing.json"));
}

}  // namespace
}  // namespace benchgate

namespace benchgate {
namespace {

class MergeCli : public testing::cli_test {};

TEST_F(MergeCli, PoolsTheSamplesOfSeveralRuns) {
  results::save_results(run_at(100), path("a.json"), "test");
  results::save_results(run_at(110), path("b.json"), "test");
  const auto r = run("merge --out m.json a.json b.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "merged 2 runs: m.json\n");
  const auto m = results::load_results(path("m.json"), "test");
  ASSERT_EQ(m.cells.size(), 1u);
  EXPECT_EQ(m.cells[0].samples.size(), 24u);
  EXPECT_EQ(run("merge a.json").err, "error: benchgate merge: --out FILE is required\n");
}

}  // namespace
}  // namespace benchgate

namespace benchgate {
namespace {

class CompareFailOnCli : public testing::cli_test {};

TEST_F(CompareFailOnCli, ExitOneOnlyWhenACellRegressed) {
  results::save_results(run_at(100), path("old.json"), "test");
  results::save_results(run_at(130), path("new.json"), "test");
  EXPECT_EQ(run("compare old.json new.json --resamples 1000").exit_code, 0);
  EXPECT_EQ(run("compare old.json new.json --resamples 1000 --fail-on regressed").exit_code, 1);
  EXPECT_EQ(run("compare new.json old.json --resamples 1000 --fail-on regressed").exit_code, 0);  // improved
  const auto r = run("compare old.json new.json --fail-on slower");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --fail-on slower: expected regressed\n");
}

}  // namespace
}  // namespace benchgate
