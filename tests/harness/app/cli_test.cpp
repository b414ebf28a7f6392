// End-to-end tests of the benchgate binary: exit codes, messages on stderr,
// and a small real run of page_iter.

#include <gtest/gtest.h>

#include <fstream>

#include "harness/formats/results_json.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using benchgate::test_support::run_benchgate;

// A run small enough for a unit test: one point, short samples.
const std::vector<std::string> k_tiny_run = {
    "run", "--case", "page_iter", "--param", "row_bytes=256", "--param", "density=0.5",
    "--samples", "10", "--measurement-time", "0.05", "--warmup", "0"};

void expect_bad_input(const std::vector<std::string>& args, const std::string& message) {
  const auto r = run_benchgate(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err, "error: " + message + "\n");
  EXPECT_EQ(r.out, "");
}

TEST(Cli, HelpAndVersionExitZero) {
  const auto help = run_benchgate({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Usage: benchgate COMMAND"), std::string::npos);
  const auto run_help = run_benchgate({"run", "--help"});
  EXPECT_EQ(run_help.exit_code, 0);
  EXPECT_NE(run_help.out.find("--param AXIS=V1,V2"), std::string::npos);
  EXPECT_EQ(run_benchgate({"--version"}).exit_code, 0);
}

TEST(Cli, ListShowsPageIterWithRolesAndAxes) {
  const auto r = run_benchgate({"list", "--case", "page_iter"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("page_iter: "), std::string::npos);
  EXPECT_NE(r.out.find("baseline (baseline)"), std::string::npos);
  EXPECT_NE(r.out.find("peer (peer)"), std::string::npos);
  EXPECT_NE(r.out.find("default 0.1,0.25,0.5,0.75,0.9,1.0"), std::string::npos);
}

TEST(Cli, UnknownCaseIsExitTwo) {
  const auto r = run_benchgate({"run", "--case", "nosuch"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("error: --case nosuch: unknown case; expected one of ", 0), 0u) << r.err;
}

TEST(Cli, UnknownAxisIsExitTwo) {
  const auto r = run_benchgate({"run", "--case", "page_iter", "--param", "colour=1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: --param colour=1: no selected case has an axis 'colour' (axes: page_iter: row_bytes; "
            "page_iter: density; page_iter: pages)\n");
}

TEST(Cli, DensityOutsideZeroToOneIsExitTwo) {
  expect_bad_input({"run", "--case", "page_iter", "--param", "density=1.01"},
                   "--param density=1.01: expected a number in (0, 1] (axis density of page_iter)");
  expect_bad_input({"run", "--case", "page_iter", "--param", "density=0"},
                   "--param density=0: expected a number in (0, 1] (axis density of page_iter)");
}

TEST(Cli, RowSizeThatDoesNotFitIsExitTwo) {
  const std::string expected =
      "expected an integer from 2 to 65472 (a row holds a 2-byte free-list link and must fit in the "
      "65472-byte row area) (axis row_bytes of page_iter)";
  expect_bad_input({"run", "--case", "page_iter", "--param", "row_bytes=65473"}, "--param row_bytes=65473: " + expected);
  expect_bad_input({"run", "--case", "page_iter", "--param", "row_bytes=1"}, "--param row_bytes=1: " + expected);
}

TEST(Cli, NonNumericValuesAreExitTwo) {
  expect_bad_input({"run", "--case", "page_iter", "--param", "density=half"},
                   "--param density=half: expected a number in (0, 1] (axis density of page_iter)");
  expect_bad_input({"run", "--samples", "ten"}, "--samples ten: expected an integer from 10 to 100000");
}

TEST(Cli, UnwritableOutIsExitTwoBeforeAnythingRuns) {
  benchgate::test_support::temp_dir dir;
  const auto blocker = dir.path() / "file";
  {
    std::ofstream(blocker) << "x";
  }
  auto args = k_tiny_run;
  args.insert(args.end(), {"--out", (blocker / "r.json").string()});
  const auto r = run_benchgate(args);
  EXPECT_EQ(r.exit_code, 2);
  // A file in the way of the folder: --out names a folder that does not exist.
  EXPECT_EQ(r.err, "error: --out " + (blocker / "r.json").string() + ": " + blocker.string() +
                       " is a file, not a folder; expected a file in an existing folder\n");
  EXPECT_EQ(r.out, "") << "nothing ran";
}

TEST(Cli, ATinyRunPrintsTheReportAndWritesValidResults) {
  benchgate::test_support::temp_dir dir;
  const auto out = dir.path() / "results.json";
  const auto text = dir.path() / "report.txt";
  auto args = k_tiny_run;
  args.insert(args.end(), {"--out", out.string(), "--text-out", text.string()});
  const auto r = run_benchgate(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("page_iter/row_bytes:256/density:0.5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("vs baseline"), std::string::npos);
  const auto results = benchgate::results::load_results(out, "test");
  ASSERT_EQ(results.cells.size(), 5u);
  for (const auto& c : results.cells) {
    EXPECT_EQ(c.error, "") << c.name;
    EXPECT_EQ(c.samples.size(), 10u) << c.name;
    EXPECT_GT(c.samples[0].iterations, 0);
    EXPECT_EQ(c.params.size(), 2u);
  }
  EXPECT_EQ(results.cells[0].name, "page_iter/baseline/row_bytes:256/density:0.5");
  EXPECT_EQ(results.config.samples, 10);
  EXPECT_TRUE(results.env.compiler.has_value());
  EXPECT_TRUE(std::filesystem::exists(text));
}

}  // namespace
