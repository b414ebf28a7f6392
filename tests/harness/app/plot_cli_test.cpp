#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"
#include "tests/harness/charts/demo_run.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

class PlotCli : public testing::cli_test {
 protected:
  void save_demo(const std::string& name, double core_factor = 4) {
    results::save_results(charts::testing::demo_run(core_factor), path(name), "test");
  }
  bool has_chart(const std::string& dir, const std::string& stem) const {
    for (const auto* ext : {".svg", ".png", ".gp", ".dat"}) {
      if (!std::filesystem::is_regular_file(path(dir) / (stem + ext))) return false;
    }
    return true;
  }
  // Runs tests/harness/html/check_page.py on `page`; its exit code.
  int check_page(const std::string& page) const {
    const auto command = "python3 '" + test_support::source_dir() + "/tests/harness/html/check_page.py' '" +
                         path(page).string() + "' >/dev/null";
    return std::system(command.c_str());
  }
};

TEST_F(PlotCli, ResultsGetGridSpeedUpChangeAndDistributionCharts) {
  save_demo("run.json");
  const auto r = run("plot run.json --out charts");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(r.out, StartsWith("charts: charts (16 charts; each NAME.svg, NAME.png, NAME.gp, NAME.dat)\n"));
  EXPECT_THAT(r.out, HasSubstr("  charts/grid_demo.svg  demo: throughput by variant (mean, 95% CI)\n"));
  EXPECT_THAT(r.out, HasSubstr("  charts/dist_*.svg  12 distribution charts, one per compared cell\n"));
  for (const auto* stem : {"grid_demo", "grid_other", "speedup_demo", "change", "dist_demo-core-kind-b-size-64"}) {
    EXPECT_TRUE(has_chart("charts", stem)) << stem;
  }
}

TEST_F(PlotCli, ADiffGetsTheChangeChartAndItsCellsDistributions) {
  save_demo("old.json", 4);
  save_demo("new.json", 3);  // the cores got slower
  ASSERT_EQ(run("compare old.json new.json --resamples 1000 --json diff.json").exit_code, 0);
  const auto r = run("plot diff.json --out c --gate-threshold 5%");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(has_chart("c", "change"));
  EXPECT_TRUE(has_chart("c", "dist_demo-core-kind-a-size-512"));
  EXPECT_FALSE(std::filesystem::exists(path("c/grid_demo.svg")));
  const auto script = files::read_file(path("c/change.gp"), "test");
  EXPECT_THAT(script, HasSubstr("gate threshold +-5%"));
  EXPECT_THAT(files::read_file(path("c/change.dat"), "test"), HasSubstr("\"demo/core/kind:a/size:8\""));
}

TEST_F(PlotCli, ADiffWhoseInputsAreGoneStillGetsItsChangeChart) {
  save_demo("old.json");
  save_demo("new.json", 3);
  ASSERT_EQ(run("compare old.json new.json --resamples 1000 --json diff.json").exit_code, 0);
  std::filesystem::remove(path("old.json"));
  const auto r = run("plot diff.json --out c");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The diff stores absolute paths, so it finds its sides from any folder.
  EXPECT_EQ(r.err, "warning: no distribution charts: the diff's old side " + path("old.json").string() +
                       ": no such file\n");
  EXPECT_TRUE(has_chart("c", "change"));
  EXPECT_FALSE(std::filesystem::exists(path("c/dist_demo-core-kind-a-size-8.svg")));
}

TEST_F(PlotCli, ReportWritesAWellFormedPageWithLocalChartsOnly) {
  save_demo("run.json");
  const auto r = run("report run.json --out rep");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(r.out, HasSubstr("report: rep/index.html\n"));
  EXPECT_TRUE(has_chart("rep/charts", "grid_demo"));
  const auto page = files::read_file(path("rep/index.html"), "test");
  EXPECT_THAT(page, HasSubstr("<img src=\"charts/grid_demo.svg\""));
  EXPECT_THAT(page, HasSubstr("each core and peer against the baseline of its grid point, within RESULTS"));
  EXPECT_EQ(check_page("rep/index.html"), 0);
}

TEST_F(PlotCli, ReportOfADiffShowsBothSidesEnvironments) {
  save_demo("old.json");
  save_demo("new.json", 3);
  ASSERT_EQ(run("compare old.json new.json --resamples 1000 --json diff.json").exit_code, 0);
  const auto r = run("report new.json --diff diff.json --out rep");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto page = files::read_file(path("rep/index.html"), "test");
  EXPECT_THAT(page, HasSubstr("<p>Comparison: --diff diff.json.</p>"));
  EXPECT_THAT(page, HasSubstr("<th>old side: " + path("old.json").string() + "</th><th>new side: " +
                                  path("new.json").string() + "</th>"));
  EXPECT_THAT(page, HasSubstr("<td class=\"verdict v-regressed\">regressed</td>"));
  EXPECT_TRUE(has_chart("rep/charts", "dist_demo-core-kind-a-size-8"));
  EXPECT_EQ(check_page("rep/index.html"), 0);
}

TEST_F(PlotCli, GoogleBenchmarkJsonGetsAGridChartWithItsArgumentsOnX) {
  std::string benchmarks;
  for (const int size : {8, 64, 512}) {
    for (int rep = 0; rep < 3; ++rep) {
      benchmarks += std::string(benchmarks.empty() ? "" : ",") + R"({"name": "BM_sort/)" + std::to_string(size) +
                    R"(", "run_type": "iteration", "repetitions": 3, "repetition_index": )" + std::to_string(rep) +
                    R"(, "iterations": 1000, "real_time": )" + std::to_string(size * (10 + rep)) +
                    R"(, "cpu_time": 1, "time_unit": "ns"})";
    }
  }
  files::write_atomically(path("gb.json"), "{\"benchmarks\": [" + benchmarks + "]}", "test");
  const auto r = run("plot gb.json --out c");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("charts: c (1 chart;"));
  EXPECT_TRUE(has_chart("c", "grid_BM_sort"));
  const auto script = files::read_file(path("c/grid_BM_sort.gp"), "test");
  EXPECT_THAT(script, HasSubstr("set xlabel 'argument'"));
  // Powers of two: a log-2 axis with a tic at each argument.
  EXPECT_THAT(script, HasSubstr("set logscale x 2\n  set xtics ('8' 8, '64' 64, '512' 512) norotate\n"));
  EXPECT_THAT(script, HasSubstr("title 'BM_sort'"));
  EXPECT_THAT(files::read_file(path("c/grid_BM_sort.dat"), "test"), HasSubstr("\n512 "));
}

// Google Benchmark names that differ only in characters a file name cannot
// keep (templates, a space against a dash) get charts of their own.
TEST_F(PlotCli, GoogleBenchmarkNamesThatDifferOnlyInSymbolsGetChartsOfTheirOwn) {
  const std::vector<std::string> families = {"BM_Deref<int*>", "BM_Deref<int&>", "BM a", "BM-a"};
  std::string benchmarks;
  for (std::size_t f = 0; f < families.size(); ++f) {
    for (int rep = 0; rep < 3; ++rep) {
      benchmarks += std::string(benchmarks.empty() ? "" : ",") + R"({"name": ")" + families[f] +
                    R"(/8", "run_type": "iteration", "iterations": 1000, "real_time": )" +
                    std::to_string(100 * (f + 1) + rep) + R"(, "cpu_time": 1, "time_unit": "ns"})";
    }
  }
  files::write_atomically(path("gb.json"), "{\"benchmarks\": [" + benchmarks + "]}", "test");
  const auto r = run("plot gb.json --out c");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("charts: c (4 charts;"));
  // Four grid charts, each the chart of one family.
  std::vector<std::string> scripts;
  for (const auto& entry : std::filesystem::directory_iterator(path("c"))) {
    if (entry.path().extension() != ".gp") continue;
    const auto stem = entry.path().stem().string();
    EXPECT_TRUE(has_chart("c", stem)) << stem;
    scripts.push_back(files::read_file(entry.path(), "test"));
  }
  ASSERT_EQ(scripts.size(), families.size());
  for (const auto& family : families) {
    const auto titled = [&](const std::string& script) {
      return script.find("title '" + family + "'") != std::string::npos;
    };
    EXPECT_EQ(std::count_if(scripts.begin(), scripts.end(), titled), 1) << family;
  }
  const auto report = run("report gb.json --out rep");
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_EQ(check_page("rep/index.html"), 0);
}

TEST_F(PlotCli, ARealRunIsQuietOnANonTerminalAndReportsWithItsCasesFigures) {
  const auto r = run("run --case page_iter --param row_bytes=256 --param density=0.5,1.0 --samples 10 "
                     "--measurement-time 0.05 --warmup 0 --out run.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos);  // no progress line: stderr is a file here
  EXPECT_EQ(r.err.find('\033'), std::string::npos);
  const auto page = run("report run.json --out rep");
  EXPECT_EQ(page.exit_code, 0) << page.err;
  EXPECT_TRUE(has_chart("rep/charts", "grid_page_iter"));
  EXPECT_TRUE(has_chart("rep/charts", "speedup_page_iter"));
  EXPECT_THAT(files::read_file(path("rep/charts/grid_page_iter.gp"), "test"), HasSubstr("set xlabel 'density'"));
  EXPECT_THAT(files::read_file(path("rep/index.html"), "test"), HasSubstr("header_bytes = 16 B"));
  EXPECT_EQ(check_page("rep/index.html"), 0);
}

TEST_F(PlotCli, BadInputIsExitTwoWithAMessage) {
  save_demo("run.json");
  files::write_atomically(path("notes.txt"), "not json", "test");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"plot run.json", "error: benchgate plot: --out DIR is required (the folder to write to); see 'benchgate plot --help'\n"},
      {"plot --out c", "error: benchgate plot: expected one RESULTS_OR_DIFF file, got 0; see 'benchgate plot --help'\n"},
      {"plot run.json --out run.json", "error: --out run.json: is a file; expected a folder (created when missing)\n"},
      {"plot run.json --out c --gate-threshold -1",
       "error: --gate-threshold -1: expected a percentage >= 0: 5 and 5% both mean 5 %\n"},
      {"plot missing.json --out c", "error: RESULTS_OR_DIFF missing.json: no such file\n"},
      {"report run.json --diff run.json --out r",
       "error: --diff run.json: schema: expected \"benchgate.diff/1\", got \"benchgate.results/1\"\n"},
      {"report run.json", "error: benchgate report: --out DIR is required (the folder to write to); see 'benchgate report --help'\n"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err, message) << args;
  }
  const auto r = run("plot notes.txt --out c");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, StartsWith("error: RESULTS_OR_DIFF notes.txt: not valid JSON"));
  EXPECT_FALSE(std::filesystem::exists(path("c")));
}

TEST_F(PlotCli, WithoutGnuplotTheScriptsAreWrittenAndItSaysWhatToInstall) {
  save_demo("run.json");
  const auto r = run("plot run.json --out c", "PATH=/nonexistent ");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: --out c: cannot render the charts: gnuplot is not on PATH; expected gnuplot 5 (Debian package "
            "gnuplot-nox, which scripts/setup installs); the .gp scripts and .dat data are written\n");
  EXPECT_TRUE(std::filesystem::exists(path("c/grid_demo.gp")));
}

}  // namespace
}  // namespace benchgate
