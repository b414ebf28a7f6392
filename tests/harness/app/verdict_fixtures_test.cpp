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

const std::filesystem::path k_fixtures = BENCHGATE_VERDICT_FIXTURES;

struct expectation {
  int exit = -1;
  int compare_exit = 0;
  std::vector<std::string> stdout_lines;
  std::vector<std::string> stderr_lines;
  std::vector<std::pair<std::string, std::string>> listed;  // name, status
  std::vector<std::string> compare_lines;
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

    const auto r = run("gate " + sides + " --no-rules --json verdict.json --markdown summary.md");
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

    const auto c = run("compare " + sides + " --resamples 1000");
    EXPECT_EQ(c.exit_code, e.compare_exit) << c.out << c.err;
    for (const auto& line : e.compare_lines) EXPECT_THAT(c.out, HasSubstr(line));
  }
};

TEST_F(verdict_fixtures, errored_new_cell_fails_the_gate) { check_case("errored"); }
TEST_F(verdict_fixtures, skipped_new_cell_is_unjudged) { check_case("skipped"); }
TEST_F(verdict_fixtures, missing_cell_is_unjudged) { check_case("missing"); }
TEST_F(verdict_fixtures, one_sample_cells_are_unjudged) { check_case("one-sample"); }
TEST_F(verdict_fixtures, instruction_run_against_time_run_is_bad_input) { check_case("mixed-measure"); }
TEST_F(verdict_fixtures, mixed_time_units_compare_normally) { check_case("mixed-unit"); }
TEST_F(verdict_fixtures, normal_regression_fails) { check_case("normal"); }
TEST_F(verdict_fixtures, normal_unchanged_passes) { check_case("normal-pass"); }

// Every fixture folder has its test above.
TEST_F(verdict_fixtures, every_fixture_is_checked) {
  std::vector<std::string> folders;
  for (const auto& entry : std::filesystem::directory_iterator(k_fixtures)) folders.push_back(entry.path().filename());
  std::sort(folders.begin(), folders.end());
  EXPECT_EQ(folders, (std::vector<std::string>{"errored", "missing", "mixed-measure", "mixed-unit", "normal",
                                                "normal-pass", "one-sample", "skipped"}));
}

}  // namespace
}  // namespace benchgate::testing
