// benchgate explain end to end, on the known regressions of issue 37 item 5:
// build/benchgate against a driver whose page_iter core re-reads a word per
// row, and a small Google Benchmark source built without and with a slower
// checksum_bytes(). Counts under callgrind are deterministic, so the
// expectations are exact facts (which function is first, that a change is
// positive), never timings.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "harness/support/files/file_io.hpp"
#include "tests/harness/app/cli.hpp"
#include "tests/harness/explain/callgrind_cli.hpp"
#include "tests/support/cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr const char* k_regressed = BENCHGATE_REGRESSED_DRIVER;
constexpr const char* k_knob_old = BENCHGATE_GBENCH_KNOB_OLD;
constexpr const char* k_knob_new = BENCHGATE_GBENCH_KNOB_NEW;
constexpr const char* k_check_flamegraph = BENCHGATE_CHECK_FLAMEGRAPH;
// The function the page_iter regression changed (its loop, inlined into it).
constexpr const char* k_changed_function = "benchgate::cases::(anonymous namespace)::iterate_rows";
// One page_iter cell: the smallest rows, half the rows present.
constexpr const char* k_cell = "page_iter/core/row_bytes:8/density:0.5";

class ExplainCli : public testing::callgrind_cli_test {
 protected:
  // python3's xml.etree parses the SVG; the reddest frame must name `function`.
  int check_flamegraph(const std::string& svg, const std::string& function) const {
    const auto command = "python3 " + quoted(k_check_flamegraph) + " " + quoted(path(svg).string()) + " " +
                         quoted(function) + " >" + quoted(path("check.txt").string()) + " 2>&1";
    const int status = std::system(command.c_str());
    std::cerr << files::read_file(path("check.txt"), "check_flamegraph.py");
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  // `driver run` of k_cell counting instructions, its results in `out`.
  int run_cell(const std::string& driver, const std::string& out) const {
    const auto command = "cd " + quoted(dir_.string()) + " && " + quoted(driver) +
                         " run --case page_iter --param row_bytes=8 --param density=0.5 --filter " +
                         quoted("^page_iter/core/row_bytes:8/density:0\\.5$") + " --measure instructions --out " +
                         quoted(out) + " >/dev/null 2>&1";
    return std::system(command.c_str());
  }
};

TEST_F(ExplainCli, RanksTheChangedFunctionFirstForADriverPair) {
  const auto r = run("explain " + quoted(binary_) + " " + quoted(k_regressed) + " --cell " + k_cell + " --json e.json");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto doc = json_of("e.json");
  EXPECT_EQ(doc.at("schema"), "benchgate.explain/1");
  const auto& e = doc.at("explanations").at(0);
  EXPECT_EQ(e.at("assessment"), "code_change");
  ASSERT_FALSE(e.at("functions").empty()) << r.out;
  const auto& top = e.at("functions").at(0);
  EXPECT_THAT(top.at("name").get<std::string>(), HasSubstr("benchgate::cases::(anonymous namespace)::iterate_rows")) << r.out;
  EXPECT_GT(top.at("self").at("change").get<double>(), 0) << r.out;
  // The total is the cell's own measured count on both sides.
  for (const char* side : {"old", "new"}) {
    EXPECT_DOUBLE_EQ(e.at(side).at("instructions_per_iteration").get<double>(),
                     e.at(side).at("measured_per_iteration").get<double>());
  }
  EXPECT_GT(e.at("change").get<double>(), 0);
  EXPECT_THAT(r.out, HasSubstr("code change"));
}

TEST_F(ExplainCli, RanksTheChangedFunctionFirstForAGoogleBenchmarkPair) {
  const auto r = run(std::string("explain --gbench ") + k_knob_old + " " + k_knob_new + " --cell BM_checksum --json e.json");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto e = json_of("e.json").at("explanations").at(0);
  EXPECT_EQ(e.at("kind"), "gbench");
  ASSERT_FALSE(e.at("functions").empty()) << r.out;
  const auto& top = e.at("functions").at(0);
  EXPECT_EQ(top.at("name"), "(anonymous namespace)::checksum_bytes(std::vector<...> const&)") << r.out;
  // At least one more instruction for each of the 256 bytes.
  EXPECT_GT(top.at("self").at("change").get<double>(), 256) << r.out;
  for (const auto& f : e.at("functions")) EXPECT_THAT(f.at("name").get<std::string>(), Not(HasSubstr("sum_words")));
  ASSERT_FALSE(e.at("lines").empty()) << r.out;
  EXPECT_THAT(e.at("lines").at(0).at("file").get<std::string>(), HasSubstr("gbench_knob.cpp"));
}

TEST_F(ExplainCli, CallsTheSameCodeWithATimeChangeALayoutOrMemoryEffect) {
  const auto r = run(std::string("explain --gbench ") + k_knob_old + " " + k_knob_old + " --cell BM_checksum --time-change 75");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("functions: none changed"));
  EXPECT_THAT(r.out, HasSubstr("likely a layout or memory effect, not a code change"));
}

// A failing time gate on unchanged code (the same build on both sides):
// the layout case of issue 37 item 4, from a verdict as `gate --json` writes it.
TEST_F(ExplainCli, ExplainsAVerdictsFailingCellsWithinMaxCellsForTheGatesMarkdown) {
  const auto cell = [](const std::string& name, const std::string& metric, const std::string& status, double change) {
    return nlohmann::json{{"name", name}, {"metric", metric}, {"status", status},
                          {"change_pct", {{"estimate", change}, {"lower", change - 1}, {"upper", change + 1}}}};
  };
  const nlohmann::json verdict = {{"schema", "benchgate.gate/1"},
                                  {"cells", {cell("BM_checksum", "cpu_time", "fail", 40.0),
                                             cell("BM_other", "real_time", "fail", 75.0),
                                             cell("BM_pass", "real_time", "pass", 0.5)}}};
  files::write_atomically(path("gate.json"), verdict.dump(), "test");
  const auto r = run(std::string("explain --gbench ") + k_knob_old + " " + k_knob_old +
                     " --verdict gate.json --max-cells 1 --markdown why.md --json e.json --flamegraph-dir flames");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  // One flame graph per cell explained, named by its place and name; none changed: no red frame.
  EXPECT_TRUE(std::filesystem::is_regular_file(path("flames/1-BM_checksum.svg"))) << r.out;
  EXPECT_FALSE(std::filesystem::exists(path("flames/2-BM_other.svg")));
  EXPECT_EQ(check_flamegraph("flames/1-BM_checksum.svg", "BM_checksum"), 1);
  const auto markdown = files::read_file(path("why.md"), "test");
  EXPECT_THAT(markdown, HasSubstr("### Why it changed"));
  EXPECT_THAT(markdown, HasSubstr("**`BM_checksum`**"));
  EXPECT_THAT(markdown, HasSubstr("yet the time moved +40.0 %"));
  EXPECT_THAT(markdown, HasSubstr("Not explained:\n- BM_other: beyond --max-cells 1\n"));
  const auto doc = json_of("e.json");
  ASSERT_EQ(doc.at("explanations").size(), 1u);
  EXPECT_EQ(doc.at("explanations").at(0).at("assessment"), "layout_or_memory");
  EXPECT_DOUBLE_EQ(doc.at("explanations").at(0).at("time_change_pct").get<double>(), 40.0);
}

TEST_F(ExplainCli, DrawsTheChangedFunctionAsTheReddestFrameOfTheFlameGraph) {
  const auto r = run("explain " + quoted(binary_) + " " + quoted(k_regressed) + " --cell " + k_cell +
                     " --flamegraph flame.svg --json e.json");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("flame graph: flame.svg"));
  EXPECT_EQ(check_flamegraph("flame.svg", k_changed_function), 0);
  EXPECT_EQ(json_of("e.json").at("explanations").at(0).at("flamegraph"), "flame.svg");
}

// gate --explain on the known regression: the verdict and the exit code are
// the gate's own, with the explanation printed after it and put under it in
// the Markdown summary.
TEST_F(ExplainCli, GateExplainsItsFailingCellWithoutChangingItsExitCode) {
  ASSERT_EQ(run_cell(binary_, "old.json"), 0);
  ASSERT_EQ(run_cell(k_regressed, "new.json"), 0);
  const std::string gate = "gate old.json new.json --metric instructions --max-regression 1 --no-rules";
  const auto plain = run(gate + " --markdown plain.md");
  ASSERT_EQ(plain.exit_code, 1) << plain.out << plain.err;
  const auto explained = run(gate + " --markdown summary.md --explain --old-binary " + quoted(binary_) +
                             " --new-binary " + quoted(k_regressed) +
                             " --explain-json e.json --explain-flamegraphs flames");
  EXPECT_EQ(explained.exit_code, plain.exit_code) << explained.out << explained.err;
  EXPECT_THAT(explained.out, StartsWith(plain.out));
  EXPECT_THAT(explained.out, HasSubstr("explain: 1 failing cell, explaining at most 5"));
  const auto summary = files::read_file(path("summary.md"), "test");
  EXPECT_THAT(summary, StartsWith(files::read_file(path("plain.md"), "test")));
  EXPECT_THAT(summary, HasSubstr("### Why it changed"));
  EXPECT_THAT(summary, HasSubstr(std::string("**`") + k_cell + "`**"));
  EXPECT_THAT(summary, HasSubstr(k_changed_function));
  const auto doc = json_of("e.json");
  const auto& e = doc.at("explanations").at(0);
  EXPECT_EQ(e.at("cell"), k_cell);
  EXPECT_THAT(e.at("functions").at(0).at("name").get<std::string>(), HasSubstr(k_changed_function));
  EXPECT_EQ(check_flamegraph("flames/1-page_iter_core_row_bytes_8_density_0.5.svg", k_changed_function), 0);
}

// ab --explain on the same drivers, counting instructions so that the
// verdict is deterministic: the same exit code with and without it.
TEST_F(ExplainCli, AbExplainsItsFailingCellWithoutChangingItsExitCode) {
  const std::string ab = "ab " + quoted(binary_) + " " + quoted(k_regressed) +
                         " --case page_iter --param row_bytes=8 --param density=0.5 --filter " +
                         quoted("^page_iter/core/row_bytes:8/density:0\\.5$") +
                         " --measure instructions --pairs 2 --max-regression 1 --no-rules";
  const auto plain = run(ab);
  ASSERT_EQ(plain.exit_code, 1) << plain.out << plain.err;
  EXPECT_THAT(plain.out, Not(HasSubstr("explain:")));
  const auto explained = run(ab + " --explain --markdown summary.md");
  EXPECT_EQ(explained.exit_code, plain.exit_code) << explained.out << explained.err;
  EXPECT_THAT(explained.out, HasSubstr("explain: 1 failing cell, explaining at most 5"));
  EXPECT_THAT(explained.out, HasSubstr(k_changed_function));
  const auto summary = files::read_file(path("summary.md"), "test");
  EXPECT_THAT(summary, HasSubstr("### :x: benchgate FAIL"));
  EXPECT_THAT(summary, HasSubstr("### Why it changed"));
  EXPECT_LT(summary.find("### :x: benchgate FAIL"), summary.find("### Why it changed"));
}

// A failing cell the builds cannot run (a Google Benchmark verdict whose
// benchmark the executables lack) is listed, and the gate's exit code stays.
TEST_F(ExplainCli, GateListsACellItCannotExplainAndKeepsItsExitCode) {
  const auto fixtures = test_support::source_dir() + "/tests/harness/app/fixtures/verdicts/normal/";
  const auto gate = "gate " + quoted(fixtures + "old.json") + " " + quoted(fixtures + "new.json") + " --no-rules";
  const auto plain = run(gate);
  ASSERT_EQ(plain.exit_code, 1) << plain.out << plain.err;
  const auto explained = run(gate + " --explain --old-binary " + k_knob_old + " --new-binary " + k_knob_new +
                             " --explain-json e.json --markdown summary.md");
  EXPECT_EQ(explained.exit_code, plain.exit_code) << explained.out << explained.err;
  EXPECT_THAT(explained.out, HasSubstr("not explained: BM_Sum/1024: --cell BM_Sum/1024: OLD "));
  EXPECT_THAT(explained.out, HasSubstr("has no benchmark of that name; it has: BM_checksum, BM_other"));
  const auto doc = json_of("e.json");
  EXPECT_TRUE(doc.at("explanations").empty());
  ASSERT_EQ(doc.at("not_explained").size(), 1u);
  EXPECT_THAT(files::read_file(path("summary.md"), "test"), HasSubstr("Not explained:\n- BM_Sum/1024: "));
}

TEST_F(ExplainCli, RefusesACellThatMatchesNothing) {
  auto r = run("explain " + quoted(binary_) + " " + quoted(binary_) + " --cell page_iter/nosuch/row_bytes:8/density:0.5");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, StartsWith("error: "));
  EXPECT_THAT(r.err, HasSubstr("nosuch"));
  r = run(std::string("explain --gbench ") + k_knob_old + " " + k_knob_new + " --cell BM_nosuch");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("error: --cell BM_nosuch: OLD "));
  EXPECT_THAT(r.err, HasSubstr("has no benchmark of that name; it has: BM_checksum, BM_other"));
  r = run("explain " + quoted(binary_) + " " + quoted(binary_) + " --cell page_iter");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: --cell page_iter: expected a benchgate cell name"));
}

TEST_F(ExplainCli, SaysABinaryHasNoSymbolsAndStillGivesTheTotals) {
  const auto stripped = path("stripped").string();
  ASSERT_EQ(std::system(("strip -o '" + stripped + "' '" + k_knob_old + "'").c_str()), 0);
  const auto r = run("explain --gbench " + quoted(stripped) + " " + k_knob_new + " --cell BM_checksum");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("instructions per iteration"));
  EXPECT_THAT(r.err, HasSubstr("error: OLD " + stripped + ": has no symbols"));
}

TEST_F(ExplainCli, RefusesToRunWithoutValgrind) {
  const auto r = run("explain " + quoted(binary_) + " " + quoted(binary_) + " --cell " + k_cell, "PATH=/nonexistent ");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: benchgate explain: valgrind was not found on PATH"));
}

}  // namespace
}  // namespace benchgate
