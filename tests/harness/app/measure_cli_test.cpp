// Instruction mode (`run --measure instructions`), `compare --metric
// instructions` and `calibrate`, through the built binary.

#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "harness/compare/diff_json.hpp"
#include "harness/formats/json_reader.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"
#include "tests/harness/explain/callgrind_cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

// valgrind cannot run an ASan build: such builds refuse instruction mode
// (checked below) and skip the tests that need counts.
using testing::k_sanitized;
using testing::valgrind_installed;

// A reduced page_iter grid: one point, its five variants.
constexpr const char* k_page_iter_point =
    "run --case page_iter --param row_bytes=8 --param density=0.5 --measure instructions";

std::map<std::string, std::vector<double>> counts_of(const results::run_results& run) {
  std::map<std::string, std::vector<double>> out;
  for (const auto& c : run.cells) {
    for (const auto& s : c.samples) out[c.name].push_back(s.instructions.value_or(-1));
  }
  return out;
}

class MeasureCli : public testing::cli_test {};

TEST_F(MeasureCli, InstructionCountsAreIdenticalAcrossRuns) {
  if (!valgrind_installed()) GTEST_SKIP() << "valgrind is not installed: instruction mode cannot run";
  if (k_sanitized) GTEST_SKIP() << "a sanitizer build: valgrind cannot run it";
  const auto first = run(std::string(k_page_iter_point) + " --out first.json");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_THAT(first.out, HasSubstr("instr (median ± MAD)"));
  const auto second = run(std::string(k_page_iter_point) + " --out second.json");
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const auto a = results::load_results(path("first.json"), "test");
  const auto b = results::load_results(path("second.json"), "test");
  EXPECT_EQ(a.config.measure, results::measure_kind::instructions);
  ASSERT_EQ(a.cells.size(), 5U);
  for (const auto& c : a.cells) {
    ASSERT_EQ(c.samples.size(), 3U) << c.name;
    for (const auto& s : c.samples) {
      ASSERT_TRUE(s.instructions.has_value()) << c.name;
      EXPECT_GT(*s.instructions, 0) << c.name;
      EXPECT_EQ(*s.instructions, *c.samples.front().instructions) << c.name;  // identical samples
    }
  }
  EXPECT_EQ(counts_of(a), counts_of(b));

  // compare --metric instructions: identical counts are deterministic "no change".
  const auto r = run("compare first.json second.json --metric instructions --json diff.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("(p = n/a (deterministic))"));
  EXPECT_THAT(r.out, HasSubstr("  unchanged       5\n"));
  const auto d = compare::load_diff(path("diff.json"), "test");
  for (const auto& c : d.cells) {
    EXPECT_TRUE(c.deterministic) << c.name;
    EXPECT_EQ(c.verdict, stats::verdict::no_change) << c.name;
  }
}

TEST_F(MeasureCli, InjectedWorkShowsAsMoreInstructions) {
  if (!valgrind_installed()) GTEST_SKIP() << "valgrind is not installed: instruction mode cannot run";
  if (k_sanitized) GTEST_SKIP() << "a sanitizer build: valgrind cannot run it";
  const std::string point = "run --case page_iter --param row_bytes=8 --param density=0.5 --filter core/ "
                            "--measure instructions";
  ASSERT_EQ(run(point + " --out plain.json").exit_code, 0);
  const auto slowed = run(point + " --inject-slowdown 50 --out slowed.json");
  ASSERT_EQ(slowed.exit_code, 0) << slowed.err;
  const auto r = run("compare plain.json slowed.json --metric instructions");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  regressed       1\n"));
}

TEST_F(MeasureCli, ABaselineOfCountsIsComparedOnCounts) {
  if (!valgrind_installed()) GTEST_SKIP() << "valgrind is not installed: instruction mode cannot run";
  if (k_sanitized) GTEST_SKIP() << "a sanitizer build: valgrind cannot run it";
  const std::string point = "run --case page_iter --param row_bytes=8 --param density=0.5 --filter core/ "
                            "--measure instructions --baseline-dir bl";
  const auto saved = run(point + " --save-baseline counts");
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  const auto r = run(point + " --baseline counts");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Settings: instructions, "));
  EXPECT_THAT(r.out, HasSubstr("(p = n/a (deterministic))"));
  EXPECT_THAT(r.out, HasSubstr("  unchanged       1\n"));
}

TEST_F(MeasureCli, WithoutValgrindOnPathInstructionModeIsExitTwo) {
  const auto r = run(std::string(k_page_iter_point), "PATH=/nonexistent ");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: --measure instructions: valgrind was not found on PATH; expected valgrind installed (Debian "
            "package valgrind, installed by scripts/setup)\n");
}

TEST_F(MeasureCli, SanitizerBuildsRefuseInstructionMode) {
  if (!k_sanitized) GTEST_SKIP() << "a normal build: instruction mode works (tested above)";
  if (!valgrind_installed()) GTEST_SKIP() << "valgrind is not installed: the valgrind message comes first";
  const auto r = run(std::string(k_page_iter_point));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: --measure instructions: this benchgate is built with AddressSanitizer, whose shadow memory "
            "valgrind cannot run; expected a normal build (scripts/build)\n");
}

TEST_F(MeasureCli, BadMeasureAndMisplacedInternalFlagAreExitTwo) {
  auto r = run("run --case page_iter --measure cycles");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --measure cycles: expected time, instructions or allocations\n");
  r = run("run --case page_iter --callgrind-out x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --callgrind-out x: internal option of --measure instructions\n");
  r = run("run --case page_iter --quick --measure instructions --callgrind-out x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: --callgrind-out x: this process is not running under valgrind"));
}

TEST_F(MeasureCli, InstructionMetricOnTimedResultsIsExitTwoNamingTheFile) {
  results::run_results timed;
  results::cell c;
  c.name = "demo/core";
  c.case_name = "demo";
  c.variant = "core";
  for (int i = 0; i < 5; ++i) c.samples.push_back({100, 10.0 + i, 10.0 + i, std::nullopt, {}});
  timed.cells.push_back(c);
  results::save_results(timed, path("old.json"), "test");
  results::save_results(timed, path("new.json"), "test");
  const auto r = run("compare old.json new.json --metric instructions");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: OLD old.json: no cell has instruction counts; expected results of 'benchgate run --measure "
            "instructions' for --metric instructions\n");
}

// Timing on a shared machine: the assertions are on the report's shape and on
// a slowdown far above the noise being seen at least once in three repeats
// (the exact counts are calibrate's business, not a unit test's; the
// counting itself is tested on fixed diffs in tests/harness/calibrate).
TEST_F(MeasureCli, CalibrateReportsAndDetectsAFiftyPercentSlowdown) {
  const auto r = run("calibrate --case page_iter --quick --param row_bytes=8 --param density=0.5 "
                     "--filter 'page_iter/core/' --repeats 3 --slowdown 50 --json cal.json --text-out cal.txt");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Calibration: 3 repeats of A, B and C (C with +50% injected), cpu_time, noise "
                               "threshold 1.00%, alpha 0.05\n\ncell  "));
  EXPECT_THAT(r.out, HasSubstr("false al.   detected    A/A P95     A/A ±CI     injected    smallest    suggested"));
  EXPECT_THAT(r.out, HasSubstr("\npage_iter/core/row_bytes:8/density:0.5  "));
  // The rates printed are the counts of the one cell (in cal.json): a 50 %
  // slowdown seen 1 to 3 times; false alarms are whatever the machine gave.
  const auto counts = nlohmann::json::parse(files::read_file(path("cal.json"), "test"))["cells"][0];
  EXPECT_THAT(r.out, HasSubstr("false-alarm rate: " + std::to_string(counts["false_alarms"].get<int>()) +
                               "/3 A/A comparisons"));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("detection rate:   [1-3]/3 B/C comparisons \\([0-9.]+%\\) at \\+50%"));
  EXPECT_THAT(r.out, HasSubstr("detection rate:   " + std::to_string(counts["detections"].get<int>()) + "/3"));
  EXPECT_THAT(r.out, HasSubstr("calibration: cal.json\n"));
  EXPECT_EQ(files::read_file(path("cal.txt"), "test") + "calibration: cal.json\n", r.out);
  const auto doc = nlohmann::json::parse(files::read_file(path("cal.json"), "test"));
  EXPECT_EQ(doc["schema"], "benchgate.calibration/1");
  EXPECT_EQ(doc["repeats"], 3);
  EXPECT_EQ(doc["slowdown_pct"], 50.0);
  EXPECT_EQ(doc["comparison"]["metric"], "cpu_time");
  ASSERT_EQ(doc["cells"].size(), 1U);
  const auto& cell = doc["cells"][0];
  EXPECT_EQ(cell["name"], "page_iter/core/row_bytes:8/density:0.5");
  EXPECT_EQ(cell["repeats"], 3);
  EXPECT_GE(cell["detections"].get<int>(), 1);  // a 50 % slowdown is seen
  EXPECT_GE(cell["suggested_threshold"].get<double>(), 0.01);
  EXPECT_GT(cell["smallest_detectable"].get<double>(), 0.01);
  for (const char* field : {"aa_abs_change_p95", "aa_half_width_p95", "injected_change", "injected_half_width_p95"}) {
    EXPECT_TRUE(cell[field].is_number()) << field;
  }
}

TEST_F(MeasureCli, CalibrateRejectsRunOnlyOptions) {
  auto r = run("calibrate --case page_iter --out x.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: --out: not an option of calibrate (use --json); expected run's selection and timing options "
            "only (see 'benchgate calibrate --help')\n");
  r = run("calibrate --case page_iter --bogus");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: benchgate calibrate: unrecognised option '--bogus'; see 'benchgate calibrate --help'\n");
  r = run("calibrate --case page_iter --slowdown 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --slowdown 0: expected a percentage in (0, 1000], e.g. 10\n");
  r = run("calibrate --case page_iter --repeats 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --repeats 0: expected an integer >= 1\n");
}

// Counts that claim a doubling: gate --confirm re-runs both sides under
// callgrind (side by side: counts need no lockstep), which count the same
// again, so the failure is not confirmed.
TEST_F(MeasureCli, GateConfirmReCountsASuspectCell) {
  if (!valgrind_installed()) GTEST_SKIP() << "valgrind is not installed: instruction mode cannot run";
  if (k_sanitized) GTEST_SKIP() << "a sanitizer build: valgrind cannot run it";
  const std::string one_cell = std::string(k_page_iter_point) + " --filter 'page_iter/core/'";
  ASSERT_EQ(run(one_cell + " --out old.json").exit_code, 0);
  auto doubled = results::load_results(path("old.json"), "test");
  ASSERT_EQ(doubled.cells.size(), 1U);
  for (auto& s : doubled.cells[0].samples) s.instructions = *s.instructions * 2;
  results::save_results(doubled, path("new.json"), "test");
  const auto r = run("gate old.json new.json --no-rules --metric instructions --max-regression 5 --confirm 1 "
                     "--json v.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell"));
  const auto v = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  EXPECT_EQ(v["cells"][0]["status"], "warn");
  EXPECT_EQ(v["cells"][0]["confirmed_rounds"], 0);
}

}  // namespace
}  // namespace benchgate
