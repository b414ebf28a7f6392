// The smaller output items of issue 23 (points 6 and 7), each as a command,
// its exit code and the key line of its output: wording that must not
// mislead, options that must not surprise, and Google Benchmark suites shown
// as first-class citizens in reports and charts.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "harness/support/files/file_io.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"
#include "tests/harness/charts/demo_run.hpp"

namespace benchgate::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A Google Benchmark file: `reps` repetitions of each (name, ns, extra JSON).
std::string gb_file(const std::vector<std::pair<std::string, double>>& benchmarks, int reps,
                    const std::string& extra = "") {
  std::string entries;
  for (const auto& [name, ns] : benchmarks) {
    for (int r = 0; r < reps; ++r) {
      const double t = ns * (1 + 0.01 * r);
      entries += std::string(entries.empty() ? "" : ",\n") + R"({"name": ")" + name +
                 R"(", "run_type": "iteration", "repetitions": )" + std::to_string(reps) +
                 R"(, "iterations": 1000, "real_time": )" + std::to_string(t) + R"(, "cpu_time": )" +
                 std::to_string(t) + R"(, "time_unit": "ns")" + extra + "}";
    }
  }
  return R"({"context": {"date": "2026-12-04T08:00:00+00:00", "num_cpus": 2}, "benchmarks": [)" + entries + "]}";
}

class Consistency : public cli_test {
 protected:
  void write(const std::string& name, const std::string& text) { files::write_atomically(path(name), text, "test"); }
  void save_demo(const std::string& name, double core_factor = 4) {
    results::save_results(charts::testing::demo_run(core_factor), path(name), "test");
  }
};

// 6: the same work read from two files differs in its last digits
// (Google Benchmark stores a rate): no "work differs" warning.
TEST_F(Consistency, WorkThatDiffersInTheLastDigitsIsTheSameWork) {
  // 262144 bytes per iteration: rate = 262144 / cpu_ns * 1e9.
  const auto rate = [](double ns, double nudge) { return std::to_string(262144.0 * (1 + nudge) / ns * 1e9); };
  write("old.json", gb_file({{"BM_Copy/262144", 5000}}, 3, R"(, "bytes_per_second": )" + rate(5000, 0)));
  write("new.json", gb_file({{"BM_Copy/262144", 5000}}, 3, R"(, "bytes_per_second": )" + rate(5000, 1e-9)));
  const auto r = run("compare old.json new.json --resamples 1000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, Not(HasSubstr("the work per iteration differs")));
  // Really other work is still said, with digits enough to see the gap.
  write("other.json", gb_file({{"BM_Copy/262144", 5000}}, 3, R"(, "bytes_per_second": )" + rate(5000, 1e-3)));
  const auto o = run("compare old.json other.json --resamples 1000");
  EXPECT_THAT(o.out, HasSubstr("the work per iteration differs (old 262144 bytes, new 262406.144 bytes)"));
}

// 6: "-" is not a file name for outputs (it wrote a file named "-"), and an
// output in a folder that does not exist is an error, not a new tree.
TEST_F(Consistency, RefusedOutputsCreateNothing) {
  save_demo("a.json");
  const std::pair<std::string, std::string> cases[] = {
      {"-", "error: --json -: writing to stdout is not supported (stdout has the report); expected a file name, "
            "e.g. /dev/stdout to mix them\n"},
      {"missing/dir/x.json", "error: --json missing/dir/x.json: no folder missing/dir; expected a file in an "
                             "existing folder (create it first)\n"}};
  for (const auto& [target, message] : cases) {
    const auto r = run("compare a.json a.json --json " + target);
    EXPECT_EQ(r.exit_code, 2) << target;
    EXPECT_EQ(r.err, message);
  }
  EXPECT_FALSE(std::filesystem::exists(path("-")));
  EXPECT_FALSE(std::filesystem::exists(path("missing")));
}

// 6: run --out in a folder that does not exist is refused before anything
// runs; no folder is created.
TEST_F(Consistency, RunOutInAMissingFolderIsRefused) {
  const auto r = run("run --case page_iter --quick --out missing/dir/x.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --out missing/dir/x.json: no folder missing/dir; expected a file in an existing folder "
                   "(create it first)\n");
  EXPECT_FALSE(std::filesystem::exists(path("missing")));
}

// 6: merging a run with itself would double every sample.
TEST_F(Consistency, MergingTheSameRunTwiceIsAnError) {
  save_demo("a.json");
  const auto r = run("merge a.json a.json --out m.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: merge: a.json: the same run as a.json (same date 2026-12-03T08:00:00Z and "
                               "samples); merging it would double every sample"));
  EXPECT_FALSE(std::filesystem::exists(path("m.json")));
}

// 6: runs of different selections do not merge silently.
TEST_F(Consistency, MergingRunsOfDifferentFiltersIsAnError) {
  auto a = charts::testing::demo_run();
  auto b = charts::testing::demo_run(3);
  b.env.date = "2026-12-03T09:00:00Z";
  b.config.filter = "/core/";
  results::save_results(a, path("a.json"), "test");
  results::save_results(b, path("b.json"), "test");
  const auto r = run("merge a.json b.json --out m.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: merge: b.json: --filter '/core/', but a.json has none; expected runs of the same build "
                   "and settings\n");
}

// 6: "merged 1 run", "1 cell": counts agree with their nouns.
TEST_F(Consistency, OneIsSingular) {
  save_demo("a.json");
  const auto m = run("merge a.json --out m.json");
  EXPECT_EQ(m.exit_code, 0) << m.err;
  EXPECT_EQ(m.out, "merged 1 run: m.json\n");
  write("o.json", gb_file({{"BM_a", 100}}, 10));
  write("n.json", gb_file({{"BM_a", 100}}, 10));
  const auto c = run("compare o.json n.json --resamples 1000");
  EXPECT_THAT(c.out, HasSubstr("Summary: 1 cell compared\n"));
  const auto g = run("gate o.json n.json --no-rules");
  EXPECT_EQ(g.exit_code, 0) << g.out << g.err;
  EXPECT_THAT(g.out, HasSubstr("1 cell: 0 fail, 0 unstable, 0 warn, 1 pass, 0 improved, 0 ignored\n"));
}

// 6: the interval is per cell, the p-value is corrected across cells: the
// report says so (an interval clear of zero can be "No change").
TEST_F(Consistency, CompareSaysTheIntervalsAreNotCorrected) {
  save_demo("a.json");
  const auto r = run("compare --variants a.json --resamples 1000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Changes are of the mean. p-values are adjusted (holm) across the 12 compared cells; "
                               "the intervals are each cell's own (95%, not adjusted), so an interval clear of zero "
                               "can still be \"No change\".\n"));
  EXPECT_THAT(r.out, HasSubstr("change (mean)"));
}

// 6: no command is a usage error; `help COMMAND` is that command's help;
// exit 70 is documented.
TEST_F(Consistency, CommandLineEdges) {
  const auto none = run("");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "error: expected a command, one of list, run, compare, gate, ab, merge, plot, report, calibrate, history, "
                      "explain (see 'benchgate --help')\n");
  const auto help = run("help run");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.out, ::testing::StartsWith("Usage: benchgate run"));
  const auto top = run("--help");
  EXPECT_THAT(top.out, HasSubstr("  70 internal error: a bug in benchgate"));
  EXPECT_EQ(run("help frobnicate").exit_code, 2);
}

// 7: a Google Benchmark suite's report names each benchmark, shows no
// invented run settings, and its header names the file.
TEST_F(Consistency, GoogleBenchmarkReportNamesTheBenchmarks) {
  write("gb.json", gb_file({{"BM_Sum/1024", 800}, {"BM_Sum/65536", 51200}}, 5));
  const auto r = run("report gb.json --out rep");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto page = files::read_file(path("rep/index.html"), "test");
  EXPECT_THAT(page, HasSubstr("<thead><tr><th>benchmark</th><th>mean time [95% CI]</th>"));
  EXPECT_THAT(page, HasSubstr("<tr><th class=\"text\">tool version</th><td class=\"text\">-</td></tr>"));
  EXPECT_THAT(page, HasSubstr("<tr><td class=\"text\">BM_Sum/1024</td>"));
  EXPECT_THAT(page, HasSubstr("<tr><td class=\"text\">BM_Sum/65536</td>"));
  EXPECT_THAT(page, HasSubstr("<p>Results: gb.json, run"));
  EXPECT_THAT(page, Not(HasSubstr("random interleaving")));
  EXPECT_THAT(page, Not(HasSubstr("measurement time per grid point")));
  EXPECT_THAT(page, HasSubstr("Google Benchmark JSON: the file does not record how it was run"));
  // No comparison: no empty change columns; no figures: no figures column.
  EXPECT_THAT(page, Not(HasSubstr("change of mean")));
  EXPECT_THAT(page, HasSubstr("<th>samples</th></tr></thead>"));
  EXPECT_THAT(page, Not(HasSubstr("<th>figures</th>")));
  EXPECT_THAT(page, HasSubstr("BM_Sum: time per iteration by benchmark (mean, 95% CI)"));
  const auto script = files::read_file(path("rep/charts/grid_BM_Sum.gp"), "test");
  EXPECT_THAT(script, HasSubstr("set xlabel 'argument'"));
  EXPECT_THAT(script, HasSubstr("set logscale x 2\n  set xtics ('1024' 1024, '65536' 65536) norotate\n"));
}

// 7: one argument gets one tic at its value, not gnuplot's x-1, x, x+1.
TEST_F(Consistency, OnePointGetsOneTic) {
  write("gb.json", gb_file({{"BM_One/4096", 800}}, 5));
  const auto r = run("plot gb.json --out c");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto script = files::read_file(path("c/grid_BM_One.gp"), "test");
  EXPECT_THAT(script, HasSubstr("  set xtics ('4096' 4096) norotate\n  set xrange [2048:6144]\n"));
}

// 7: report --diff must be a diff of RESULTS.
TEST_F(Consistency, ReportRefusesADiffOfOtherFiles) {
  write("o.json", gb_file({{"BM_x", 100}}, 5));
  write("n.json", gb_file({{"BM_x", 110}}, 5));
  ASSERT_EQ(run("compare o.json n.json --resamples 1000 --json d.json").exit_code, 0);
  save_demo("unrelated.json");
  const auto r = run("report unrelated.json --diff d.json --out rep");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: --diff d.json: compared NEW " + path("n.json").string()));
  EXPECT_THAT(r.err, HasSubstr("and no compared cell is in RESULTS); expected a diff whose NEW is RESULTS"));
}

// report --metric without --diff compares the variants on that metric:
// the change beside a value of allocations is a change of allocations, not
// of time. A counter of unknown direction needs --direction then.
TEST_F(Consistency, ReportComparesTheVariantsOnItsMetric) {
  auto run_with_counts = charts::testing::demo_run();
  for (auto& c : run_with_counts.cells) {
    const double count = c.role == benchgate::variant_role::baseline ? 8 : 4;
    for (auto& sample : c.samples) sample.counters = {{"allocations", count}, {"hits", count}};
  }
  results::save_results(run_with_counts, path("counts.json"), "test");
  const auto r = run("report counts.json --metric allocations --out rep");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto page = files::read_file(path("rep/index.html"), "test");
  EXPECT_THAT(page, HasSubstr("-50.000%"));      // 4 allocations against the baseline's 8
  EXPECT_THAT(page, Not(HasSubstr("-75.")));     // the core's time change
  const auto unknown = run("report counts.json --metric hits --out rep2");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("error: --metric hits: which way hits is better is not known"));
  EXPECT_EQ(run("report counts.json --metric hits --direction hits=higher --out rep3").exit_code, 0);
}

// Cells of one sample each: the page shows each value without a made-up
// interval, and lists the pairs as not compared with the reason, rather
// than "no comparison".
TEST_F(Consistency, ReportOfOneSampleCellsSaysWhyNothingIsCompared) {
  auto one = charts::testing::demo_run();
  for (auto& c : one.cells) c.samples.resize(1);
  results::save_results(one, path("one.json"), "test");
  const auto r = run("report one.json --out rep");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto page = files::read_file(path("rep/index.html"), "test");
  EXPECT_THAT(page, HasSubstr("(1 sample: no interval)"));
  EXPECT_THAT(page, Not(HasSubstr("No comparison")));
  EXPECT_THAT(page, HasSubstr("<p>Not compared:</p>"));
  EXPECT_THAT(page, HasSubstr("has only 1 sample, fewer than 2"));
}

// A diff in which no cell could be compared (one repetition a side) is
// still a diff of RESULTS: the page shows it, with the cells not compared.
TEST_F(Consistency, ReportShowsADiffWithNoComparedCell) {
  write("o.json", gb_file({{"BM_x", 100}}, 1));
  write("n.json", gb_file({{"BM_x", 110}}, 1));
  ASSERT_EQ(run("compare o.json n.json --json d.json").exit_code, 0);
  const auto r = run("report n.json --diff d.json --out rep");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(files::read_file(path("rep/index.html"), "test"), HasSubstr("BM_x"));
}

// A merge keeps its first run's date; its rounds tell it from that run, so
// a diff of the first run is not shown beside the merge.
TEST_F(Consistency, ReportRefusesADiffOfTheFirstRunOfAMerge) {
  save_demo("a.json");
  auto b = charts::testing::demo_run(3);
  b.env.date = "2026-12-07T10:05:00Z";
  results::save_results(b, path("b.json"), "test");
  ASSERT_EQ(run("merge --out ab.json a.json b.json").exit_code, 0);
  ASSERT_EQ(run("compare --variants a.json --resamples 1000 --json d.json").exit_code, 0);
  const auto r = run("report ab.json --diff d.json --out rep");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_THAT(r.err, HasSubstr(", 1 round), not RESULTS ab.json (run at "));
  EXPECT_THAT(r.err, HasSubstr(", 2 rounds); expected a diff whose NEW is RESULTS"));
}

// A side replaced since the diff was written is not drawn as the diff's:
// its distribution charts are left out, with a warning.
TEST_F(Consistency, PlotOfADiffWhoseSideWasReplacedDrawsNoDistributions) {
  save_demo("old.json");
  save_demo("new.json", 3);
  ASSERT_EQ(run("compare old.json new.json --resamples 1000 --json diff.json").exit_code, 0);
  auto replaced = charts::testing::demo_run(3);
  replaced.env.date = "2026-12-07T11:00:00Z";
  results::save_results(replaced, path("new.json"), "test");
  const auto r = run("plot diff.json --out c");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("warning: no distribution charts: the diff's new side " + path("new.json").string() +
                               " now holds another run (run at 2026-12-07T11:00:00Z, the diff's at "));
  EXPECT_FALSE(std::filesystem::exists(path("c/dist_demo-core-kind-a-size-8.svg")));
  EXPECT_TRUE(std::filesystem::exists(path("c/change.svg")));
}

// 7: diffs store absolute paths, so plot DIFF works from another folder.
TEST_F(Consistency, PlotOfADiffFromAnotherFolderFindsItsSides) {
  save_demo("old.json");
  save_demo("new.json", 3);
  ASSERT_EQ(run("compare old.json new.json --resamples 1000 --json diff.json").exit_code, 0);
  std::filesystem::create_directories(path("elsewhere"));
  const auto r = run("plot ../diff.json --out c", "cd elsewhere && ");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(std::filesystem::exists(path("elsewhere/c/dist_demo-core-kind-a-size-8.svg")));
}

// 3: the report of an instruction run shows counts, not valgrind's times.
TEST_F(Consistency, ReportOfAnInstructionRunShowsCounts) {
  auto run_data = charts::testing::demo_run();
  run_data.config.measure = results::measure_kind::instructions;
  for (auto& c : run_data.cells) {
    for (auto& s : c.samples) s.instructions = s.real_ns * 3;
  }
  results::save_results(run_data, path("i.json"), "test");
  const auto r = run("report i.json --out rep");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto page = files::read_file(path("rep/index.html"), "test");
  EXPECT_THAT(page, HasSubstr("<th>mean instructions [95% CI]</th>"));
  EXPECT_THAT(page, HasSubstr("<th>samples</th><th>figures</th></tr></thead>"));  // its cells have figures
  EXPECT_THAT(page, Not(HasSubstr("<th>mean time")));
  const auto script = files::read_file(path("rep/charts/grid_demo.gp"), "test");
  EXPECT_THAT(script, HasSubstr("set ylabel 'instructions per iteration'"));
}

// 3: compare of an instruction run with a time run names both measures.
TEST_F(Consistency, InstructionRunAgainstTimeRunIsExitTwo) {
  save_demo("t.json");
  auto counted = charts::testing::demo_run();
  counted.config.measure = results::measure_kind::instructions;
  for (auto& c : counted.cells) {
    for (auto& s : c.samples) s.instructions = 1000;
  }
  results::save_results(counted, path("i.json"), "test");
  const auto r = run("compare t.json i.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: OLD t.json measured time, NEW i.json measured instructions (run --measure instructions, "
                   "times inflated by valgrind): comparing their times would mix measures; expected two runs of the "
                   "same measure, or --metric real_time (or cpu_time) to compare the times anyway\n");
  EXPECT_EQ(run("compare t.json i.json --metric real_time --resamples 1000").exit_code, 0);
  const auto g = run("gate t.json i.json --no-rules");
  EXPECT_EQ(g.exit_code, 2);
  EXPECT_THAT(g.err, HasSubstr("comparing their times would mix measures"));
}

// 6: --param density=.5 names the cell as the default spelling does
// (density:0.5), so it pairs with runs made without --param; and the run's
// own "vs baseline" column says it compares medians (compare uses means).
TEST_F(Consistency, ParamValuesAreSpelledOneWay) {
  const auto r = run("run --case page_iter --param row_bytes=256 --param density=.5,0.50 --samples 10 "
                     "--measurement-time 0.05 --warmup 0 --out r.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("vs baseline (median)\n"));
  const auto saved = files::read_file(path("r.json"), "test");
  EXPECT_THAT(saved, HasSubstr("\"page_iter/core/row_bytes:256/density:0.5\""));
  EXPECT_THAT(saved, Not(HasSubstr("density:.5")));
  EXPECT_THAT(saved, Not(HasSubstr("density:0.50")));
}

// 7: our own Google Benchmark suite (gbench_suite/sum_benchmark.cpp), run
// as a user would, then reported: benchmark names in the table, a log-2 axis
// with a tic per power-of-two argument, no invented settings, and a page
// that passes the same checks as benchgate's own (check_page.py).
TEST_F(Consistency, OwnGoogleBenchmarkSuiteReportsAsWellAsOurRuns) {
  const auto suite = "'" + std::string(BENCHGATE_GBENCH_SUITE) + "' --benchmark_repetitions=5 "
                     "--benchmark_min_time=0.002 --benchmark_out_format=json --benchmark_out='" +
                     path("gb.json").string() + "' >/dev/null";
  ASSERT_EQ(std::system(suite.c_str()), 0);
  const auto r = run("report gb.json --out rep");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto page = files::read_file(path("rep/index.html"), "test");
  for (const auto* name : {"BM_Sum/1024", "BM_Sum/4096", "BM_Sum/16384", "BM_Sum/65536"}) {
    EXPECT_THAT(page, HasSubstr(std::string("<tr><td class=\"text\">") + name + "</td>"));
  }
  EXPECT_THAT(page, Not(HasSubstr("random interleaving")));
  EXPECT_THAT(page, HasSubstr("<p>Results: gb.json, run"));
  const auto script = files::read_file(path("rep/charts/grid_BM_Sum.gp"), "test");
  EXPECT_THAT(script, HasSubstr("set xlabel 'argument'"));
  EXPECT_THAT(script, HasSubstr("set logscale x 2\n  set xtics ('1024' 1024, '4096' 4096, '16384' 16384, "
                                "'65536' 65536) norotate\n"));
  const auto check = "python3 '" + std::string(BENCHGATE_CHECK_PAGE) + "' '" + path("rep/index.html").string() + "'";
  EXPECT_EQ(std::system(check.c_str()), 0);
}

}  // namespace
}  // namespace benchgate::testing
