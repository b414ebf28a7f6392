// The hand-made OLD/NEW pairs of fixtures/verdicts (docs/gate.md, "Cells the
// gate cannot judge"): each folder holds old.json, new.json and
// expected.txt, whose lines say what `benchgate gate old.json new.json
// --no-rules` must do:
//   exit N             the gate's exit code
//   stdout TEXT        a line (or part of one) the gate prints
//   stderr TEXT        the same on stderr
//   listed NAME STATUS the cell is listed with that status in the text, the
//                      --json verdict and the --markdown summary
//   compare_exit N     benchgate compare's exit code (default 0)
//   compare_listed TEXT compare prints this (the cell with its reason)
//   args TEXT          more arguments for both gate and compare (e.g. a metric)
// Lines starting with # are comments.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/harness/app/cli.hpp"

namespace benchgate::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::filesystem::path k_fixtures = BENCHGATE_VERDICT_FIXTURES;

struct expectation {
  int exit = -1;
  int compare_exit = 0;
  std::vector<std::string> stdout_lines;
  std::vector<std::string> stderr_lines;
  std::vector<std::pair<std::string, std::string>> listed;  // name, status
  std::vector<std::string> compare_lines;
  std::string args;
};

expectation read_expectation(const std::filesystem::path& file) {
  std::ifstream in(file);
  expectation e;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find(' ');
    const auto key = line.substr(0, space);
    const auto rest = space == std::string::npos ? std::string() : line.substr(space + 1);
    if (key == "exit") {
      e.exit = std::stoi(rest);
    } else if (key == "compare_exit") {
      e.compare_exit = std::stoi(rest);
    } else if (key == "stdout") {
      e.stdout_lines.push_back(rest);
    } else if (key == "stderr") {
      e.stderr_lines.push_back(rest);
    } else if (key == "listed") {
      const auto at = rest.rfind(' ');
      e.listed.emplace_back(rest.substr(0, at), rest.substr(at + 1));
    } else if (key == "compare_listed") {
      e.compare_lines.push_back(rest);
    } else if (key == "args") {
      e.args = " " + rest;
    } else {
      ADD_FAILURE() << file << ": unknown key " << key;
    }
  }
  return e;
}

class verdict_fixtures : public cli_test {
 protected:
  void check_case(const std::string& name) {
    SCOPED_TRACE("fixture " + name);
    const auto folder = k_fixtures / name;
    const auto e = read_expectation(folder / "expected.txt");
    ASSERT_GE(e.exit, 0) << "expected.txt has no exit line";
    const std::string sides = "'" + (folder / "old.json").string() + "' '" + (folder / "new.json").string() + "'";

    const auto r = run("gate " + sides + e.args + " --no-rules --json verdict.json --markdown summary.md");
    EXPECT_EQ(r.exit_code, e.exit) << r.out << r.err;
    for (const auto& line : e.stdout_lines) EXPECT_THAT(r.out, HasSubstr(line)) << r.err;
    for (const auto& line : e.stderr_lines) EXPECT_THAT(r.err, HasSubstr(line));
    if (e.exit != 2) {
      const auto verdict = files::read_file(path("verdict.json"), "verdict");
      const auto markdown = files::read_file(path("summary.md"), "summary");
      EXPECT_THAT(verdict, HasSubstr("\"exit_code\": " + std::to_string(e.exit)));
      for (const auto& [cell, status] : e.listed) {
        // Listed in the text with its status, and its reason on the next line.
        EXPECT_THAT(r.out, HasSubstr(cell));
        EXPECT_THAT(r.out, HasSubstr(status));
        EXPECT_THAT(verdict, HasSubstr("\"name\": \"" + cell + "\""));
        EXPECT_THAT(verdict, HasSubstr("\"status\": \"" + status + "\""));
        EXPECT_THAT(markdown, HasSubstr("| `" + cell + "` |"));
        EXPECT_THAT(markdown, HasSubstr("**" + status + "**"));
      }
    }

    const auto c = run("compare " + sides + e.args + " --resamples 1000");
    EXPECT_EQ(c.exit_code, e.compare_exit) << c.out << c.err;
    for (const auto& line : e.compare_lines) EXPECT_THAT(c.out, HasSubstr(line));
  }
};

TEST_F(verdict_fixtures, errored_new_cell_fails_the_gate) { check_case("errored"); }
TEST_F(verdict_fixtures, skipped_new_cell_is_unjudged) { check_case("skipped"); }
TEST_F(verdict_fixtures, cell_only_in_old_is_removed_and_passes) { check_case("missing"); }
TEST_F(verdict_fixtures, one_sample_cells_are_unjudged) { check_case("one-sample"); }
TEST_F(verdict_fixtures, instruction_run_against_time_run_is_bad_input) { check_case("mixed-measure"); }
TEST_F(verdict_fixtures, mixed_time_units_compare_normally) { check_case("mixed-unit"); }
TEST_F(verdict_fixtures, normal_regression_fails) { check_case("normal"); }
TEST_F(verdict_fixtures, normal_unchanged_passes) { check_case("normal-pass"); }
TEST_F(verdict_fixtures, cell_only_in_new_is_new_and_passes) { check_case("only-in-new"); }
TEST_F(verdict_fixtures, new_cell_that_errors_fails_the_gate) { check_case("only-in-new-errored"); }
TEST_F(verdict_fixtures, errored_old_cell_is_unjudged) { check_case("errored-old"); }
TEST_F(verdict_fixtures, an_error_outweighs_a_removed_cell) { check_case("errored-and-missing"); }
TEST_F(verdict_fixtures, mixed_time_units_convert_before_judging_a_change) { check_case("mixed-unit-slower"); }
TEST_F(verdict_fixtures, results_errored_new_cell_fails_the_gate) { check_case("results-errored"); }
TEST_F(verdict_fixtures, results_cell_only_in_old_is_removed_and_passes) { check_case("results-missing"); }
TEST_F(verdict_fixtures, results_cell_only_in_new_is_new_and_passes) { check_case("results-only-in-new"); }
TEST_F(verdict_fixtures, results_one_sample_cells_are_unjudged) { check_case("results-one-sample"); }
TEST_F(verdict_fixtures, results_normal_regression_fails) { check_case("results-normal"); }
TEST_F(verdict_fixtures, results_normal_unchanged_passes) { check_case("results-normal-pass"); }
TEST_F(verdict_fixtures, one_instruction_count_a_side_is_judged) { check_case("results-instructions-one-sample"); }

// Every fixture folder has its test above.
TEST_F(verdict_fixtures, every_fixture_is_checked) {
  std::vector<std::string> folders;
  for (const auto& entry : std::filesystem::directory_iterator(k_fixtures)) folders.push_back(entry.path().filename());
  std::sort(folders.begin(), folders.end());
  EXPECT_EQ(folders, (std::vector<std::string>{"errored",
                                                "errored-and-missing",
                                                "errored-old",
                                                "missing",
                                                "mixed-measure",
                                                "mixed-unit",
                                                "mixed-unit-slower",
                                                "normal",
                                                "normal-pass",
                                                "one-sample",
                                                "only-in-new",
                                                "only-in-new-errored",
                                                "results-errored",
                                                "results-instructions-one-sample",
                                                "results-missing",
                                                "results-normal",
                                                "results-normal-pass",
                                                "results-one-sample",
                                                "results-only-in-new",
                                                "skipped"}));
}

// The rules file may ignore what cannot be judged; an errored NEW cell
// still fails.
TEST_F(verdict_fixtures, RulesMayIgnoreUnjudgedCellsButNotErrors) {
  files::write_atomically(path("r.json"), R"({"schema": "benchgate.rules/1", "unjudged": "ignore"})", "test");
  const auto skipped = k_fixtures / "skipped";
  auto r = run("gate '" + (skipped / "old.json").string() + "' '" + (skipped / "new.json").string() +
               "' --rules r.json --json v.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("gate: PASS"));
  EXPECT_THAT(files::read_file(path("v.json"), "v"),
              HasSubstr(R"(no AVX2 here; ignored by the rules file (\"unjudged\": \"ignore\"))"));
  const auto errored = k_fixtures / "errored";
  r = run("gate '" + (errored / "old.json").string() + "' '" + (errored / "new.json").string() + "' --rules r.json");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("gate: FAIL (1 cell errored in NEW)"));
}

// New and removed benchmarks pass unless the rules file's "new" or
// "removed" level says otherwise; a cell on both sides that cannot be judged
// stays exit 3 whatever those say.
TEST_F(verdict_fixtures, RulesMayWarnOrFailNewAndRemovedBenchmarks) {
  const auto sides = [](const char* fixture) {
    const auto f = k_fixtures / fixture;
    return "'" + (f / "old.json").string() + "' '" + (f / "new.json").string() + "'";
  };
  files::write_atomically(path("fail.json"), R"({"schema": "benchgate.rules/1", "new": "fail", "removed": "fail"})",
                          "test");
  auto r = run("gate " + sides("only-in-new") + " --rules fail.json");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr(R"(new: only in NEW; a failure by the rules file ("new": "fail"))"));
  // Nothing regressed: the summary says why the gate failed.
  EXPECT_THAT(r.out, HasSubstr("gate: FAIL (1 cell new or removed, failed by the rules file)"));
  EXPECT_THAT(r.out, Not(HasSubstr("regressed beyond")));
  r = run("gate " + sides("missing") + " --rules fail.json");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr(R"(removed: only in OLD; a failure by the rules file ("removed": "fail"))"));
  files::write_atomically(path("warn.json"), R"({"schema": "benchgate.rules/1", "removed": "warn"})", "test");
  r = run("gate " + sides("missing") + " --rules warn.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr(R"(removed: only in OLD; a warning by the rules file ("removed": "warn"))"));
  r = run("gate " + sides("skipped") + " --rules fail.json");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  files::write_atomically(path("bad.json"), R"({"schema": "benchgate.rules/1", "new": "ignore"})", "test");
  r = run("gate " + sides("only-in-new") + " --rules bad.json");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("new"));
  EXPECT_THAT(r.err, HasSubstr(R"("pass" (the default), "warn" or "fail")"));
}

// The documented workflow: compare --json, then gate DIFF with a rules file
// whose metric is not the diff's (the diff's files are compared again).
TEST_F(verdict_fixtures, CompareThenGateWithRulesOfAnotherMetric) {
  const auto normal = k_fixtures / "normal";
  ASSERT_EQ(run("compare '" + (normal / "old.json").string() + "' '" + (normal / "new.json").string() +
                "' --resamples 1000 --json diff.json")
                .exit_code,
            0);
  files::write_atomically(path("r.json"),
                          R"({"schema": "benchgate.rules/1", "defaults": {"metric": "cpu_time", "fail": 5}})", "test");
  const auto r = run("gate diff.json --rules r.json");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("note: the diff compared real_time and the rules gate on cpu_time: compared its OLD " +
                               (normal / "old.json").string()));
  EXPECT_THAT(r.out, HasSubstr("BM_Sum/1024"));
  EXPECT_THAT(r.out, HasSubstr("defaults (cpu_time [rules defaults], warn 5% [rules defaults], fail 5% [rules "
                               "defaults])"));
}

// A side replaced since the diff was written (another run, another date) is
// not compared again in its place: the gate says so and judges the diff.
TEST_F(verdict_fixtures, GateDoesNotCompareAgainASideReplacedSinceTheDiff) {
  const auto normal = k_fixtures / "normal";
  const auto new_text = files::read_file(normal / "new.json", "test");
  files::write_atomically(path("new.json"), new_text, "test");
  ASSERT_EQ(run("compare '" + (normal / "old.json").string() + "' new.json --resamples 1000 --json diff.json").exit_code,
            0);
  const std::string date = "2026-12-04T08:00:00+00:00";
  auto replaced = new_text;
  replaced.replace(replaced.find(date), date.size(), "2026-12-05T09:00:00+00:00");
  files::write_atomically(path("new.json"), replaced, "test");
  files::write_atomically(path("r.json"),
                          R"({"schema": "benchgate.rules/1", "defaults": {"metric": "cpu_time", "fail": 5}})", "test");
  const auto r = run("gate diff.json --rules r.json");
  EXPECT_THAT(r.err, HasSubstr("note: the diff's NEW " + path("new.json").string() +
                               " now holds another run (run at 2026-12-05T09:00:00+00:00, the diff's at " + date +
                               "), so it is not compared again on the rules' other metrics\n"));
  EXPECT_THAT(r.err, Not(HasSubstr("again with its settings")));
  EXPECT_NE(r.exit_code, 0) << r.out << r.err;  // the rules' cpu_time is not in the diff
}

// The command line overrides the rules file's defaults, and the output says
// where each level came from.
TEST_F(verdict_fixtures, CommandLineOverridesTheRulesFilesDefaults) {
  const auto normal = k_fixtures / "normal";
  files::write_atomically(path("r.json"), R"({"schema": "benchgate.rules/1", "defaults": {"fail": 5, "warn": 2}})",
                          "test");
  const auto r = run("gate '" + (normal / "old.json").string() + "' '" + (normal / "new.json").string() +
                     "' --rules r.json --max-regression 50 --json v.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;  // +30 % is within 50 %
  EXPECT_THAT(r.out, HasSubstr("(real_time [built-in], warn 2% [rules defaults], fail 50% [command line])"));
  const auto verdict = files::read_file(path("v.json"), "v");
  EXPECT_THAT(verdict, HasSubstr("\"fail_pct\": \"command line\""));
  EXPECT_THAT(verdict, HasSubstr("\"warn_pct\": \"rules defaults\""));
}

// One metric spelling: real_time everywhere; the gate's old "time" is
// accepted with a note, and compare takes it too.
TEST_F(verdict_fixtures, OldMetricSpellingIsAcceptedWithANote) {
  const auto normal = k_fixtures / "normal";
  const std::string sides = "'" + (normal / "old.json").string() + "' '" + (normal / "new.json").string() + "'";
  const auto g = run("gate " + sides + " --no-rules --metric time");
  EXPECT_EQ(g.exit_code, 1) << g.err;
  EXPECT_THAT(g.err, HasSubstr("note: --metric: metric 'time' is deprecated: it is spelled real_time everywhere now"));
  EXPECT_EQ(run("gate " + sides + " --no-rules --metric real_time").exit_code, 1);
  const auto c = run("compare " + sides + " --metric time --resamples 1000");
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_THAT(c.err, HasSubstr("note: --metric: metric 'time' is deprecated"));
  EXPECT_THAT(c.out, HasSubstr("Settings: real_time,"));
  files::write_atomically(path("r.json"), R"({"schema": "benchgate.rules/1", "defaults": {"metric": "time"}})", "test");
  const auto rules = run("gate " + sides + " --rules r.json");
  EXPECT_EQ(rules.exit_code, 1);
  EXPECT_THAT(rules.err, HasSubstr("note: rules file: metric 'time' is deprecated"));
}

// Two counted runs are compared and gated on their counts when nothing names
// a metric (their times are valgrind's); naming real_time still compares
// the times, whose one sample a side gives no interval.
TEST_F(verdict_fixtures, TwoCountedRunsAreJudgedOnTheirCountsUnlessAMetricIsNamed) {
  const auto counted = k_fixtures / "results-instructions-one-sample";
  const std::string sides = "'" + (counted / "old.json").string() + "' '" + (counted / "new.json").string() + "'";
  const auto c = run("compare " + sides + " --resamples 1000");
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_THAT(c.err, HasSubstr("note: both runs counted instructions: comparing the counts"));
  EXPECT_THAT(c.out, HasSubstr("Settings: instructions,"));
  const auto d = run("compare " + sides + " --resamples 1000 --json diff.json");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  for (const std::string& input : {sides, std::string("diff.json")}) {
    const auto g = run("gate " + input + " --no-rules --json verdict.json");
    EXPECT_EQ(g.exit_code, 0) << g.out << g.err;
    const auto verdict = files::read_file(path("verdict.json"), "verdict");
    EXPECT_THAT(verdict, HasSubstr("\"metric\": \"instructions\"")) << input;
    EXPECT_THAT(verdict, Not(HasSubstr("\"metric\": \"real_time\""))) << input;
  }
  const auto times = run("gate " + sides + " --no-rules --metric real_time");
  EXPECT_EQ(times.exit_code, 3) << times.out << times.err;
  EXPECT_THAT(times.out, HasSubstr("only 1 sample"));
  // --variants on a counted run counts too (this one has no baseline cell: exit 2 after the note).
  const auto v = run("compare --variants '" + (counted / "new.json").string() + "' --resamples 1000");
  EXPECT_EQ(v.exit_code, 2) << v.err;
  EXPECT_THAT(v.err, HasSubstr("note: the run counted instructions: comparing the counts"));
}

// Percentages read one way: compare --noise-threshold 5 is 5 %.
TEST_F(verdict_fixtures, NoiseThresholdIsAPercentage) {
  const auto normal = k_fixtures / "normal-pass";
  const auto r = run("compare '" + (normal / "old.json").string() + "' '" + (normal / "new.json").string() +
                     "' --noise-threshold 5 --resamples 1000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("noise threshold 5%"));
}

// Percentages read one way in gate and compare: 5 and 5% are 5 %, and a
// fraction is no fraction (0.05 is 0.05 %, said in the output).
TEST_F(verdict_fixtures, PercentagesReadTheSameInGateAndCompare) {
  const auto normal = k_fixtures / "normal";
  const std::string sides = "'" + (normal / "old.json").string() + "' '" + (normal / "new.json").string() + "'";
  for (const std::string level : {"5", "5%"}) {
    const auto g = run("gate " + sides + " --no-rules --max-regression " + level);
    EXPECT_EQ(g.exit_code, 1) << level;
    EXPECT_THAT(g.out, HasSubstr("(real_time [built-in], warn 5% [command line], fail 5% [command line])")) << level;
    const auto c = run("compare " + sides + " --resamples 1000 --noise-threshold " + level);
    EXPECT_EQ(c.exit_code, 0) << level;
    EXPECT_THAT(c.out, HasSubstr("alpha 0.05, noise threshold 5%, confidence 95%")) << level;
  }
  const auto fraction = run("gate " + sides + " --no-rules --max-regression 0.05");
  EXPECT_THAT(fraction.out, HasSubstr("fail 0.05% [command line]"));
  const auto noise = run("compare " + sides + " --resamples 1000 --noise-threshold 0.05");
  EXPECT_THAT(noise.out, HasSubstr("noise threshold 0.05%"));
}

}  // namespace
}  // namespace benchgate::testing
