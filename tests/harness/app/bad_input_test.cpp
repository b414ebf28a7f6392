// The bad-input matrix: every kind of wrong input a user can feed the real
// binary, one test per row. Each row checks exit 2, the exact `error: ...`
// line (the value, where it came from, what was expected) and that nothing
// else was printed. A few inputs that look wrong but have a defined meaning
// (one repetition per cell, failed or skipped runs, mixed time units, zero
// times) are rows too, checking that meaning. docs/reliability.md lists them.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/support/files/file_io.hpp"
#include "harness/formats/json_reader.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate {
namespace {

using test_support::run_benchgate;

constexpr int k_samples_per_cell = 12;
constexpr double k_cell_ns = 100.0;

// A valid benchgate results run: two cells of one grid point.
results::run_results two_cells() {
  results::run_results run;
  for (const std::string variant : {"baseline", "core"}) {
    results::cell c;
    c.case_name = "demo";
    c.variant = variant;
    c.role = variant == "baseline" ? benchgate::variant_role::baseline : benchgate::variant_role::core;
    c.params = {{"size", "8"}};
    c.name = "demo/" + variant + "/size:8";
    c.work = {benchgate::work_unit::bytes, 64};
    for (int i = 0; i < k_samples_per_cell; ++i) {
      c.samples.push_back({100, k_cell_ns * (1 + 0.01 * (i % 3)), k_cell_ns, std::nullopt, {}});
    }
    run.cells.push_back(c);
  }
  return run;
}

// One Google Benchmark JSON entry (a repetition) of `name`.
std::string gb_entry(const std::string& name, const std::string& real_time, const std::string& unit = "ns",
                     const std::string& extra = "") {
  return R"({"name": ")" + name + R"(", "run_type": "iteration", "iterations": 1000, "real_time": )" + real_time +
         R"(, "cpu_time": )" + real_time + R"(, "time_unit": ")" + unit + "\"" + extra + "}";
}

std::string gb_file(const std::vector<std::string>& entries) {
  std::string list;
  for (const auto& e : entries) list += (list.empty() ? "" : ",\n  ") + e;
  return "{\"context\": {\"date\": \"2026-12-03T08:00:00+00:00\", \"num_cpus\": 2},\n \"benchmarks\": [\n  " + list +
         "\n]}\n";
}

// Three repetitions of BM_a at 10, 11 and 12 ns.
std::string gb_good() {
  return gb_file({gb_entry("BM_a", "10"), gb_entry("BM_a", "11"), gb_entry("BM_a", "12")});
}

// `run` on one quick page_iter point plus `extra`: should a bad-input row
// be accepted by mistake, it costs about a second, not the full grid.
std::vector<std::string> tiny_run(std::vector<std::string> extra) {
  std::vector<std::string> args = {"run", "--case", "page_iter", "--quick", "--param", "row_bytes=8",
                                   "--param", "density=0.5"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

class BadInput : public ::testing::Test {
 protected:
  // Writes `text` to NAME in the scratch folder; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    const auto path = dir_.path() / name;
    files::write_atomically(path, text, "test");
    return path.string();
  }
  std::string good_results() const { return write("good.json", results::to_json_text(two_cells())); }
  // The good results with `edit` applied to the JSON document.
  template <class Edit>
  std::string edited_results(const std::string& name, Edit edit) const {
    auto document = results::json::parse(results::to_json_text(two_cells()));
    edit(document);
    return write(name, document.dump(2));
  }
  std::string path(const std::string& name) const { return (dir_.path() / name).string(); }

  // Runs benchgate with `args`; expects exit 2, exactly `error: MESSAGE` on
  // stderr and nothing on stdout.
  static void expect_bad_input(const std::vector<std::string>& args, const std::string& message) {
    const auto r = run_benchgate(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err, "error: " + message + "\n");
    EXPECT_EQ(r.out, "");
  }

  test_support::temp_dir dir_;
};

const std::string k_expected_kinds =
    "expected benchgate results (\"schema\": \"benchgate.results/1\") or Google Benchmark JSON (a \"benchmarks\" "
    "array)";

// --- compare OLD NEW: the files ---------------------------------------------

TEST_F(BadInput, TruncatedResults) {
  const auto text = results::to_json_text(two_cells());
  const auto cut = write("cut.json", text.substr(0, text.size() / 2));
  expect_bad_input({"compare", good_results(), cut},
                   "NEW " + cut + ": not valid JSON (truncated or corrupt?) at byte " +
                       std::to_string(text.size() / 2 + 1) + ": expected a complete JSON document");
}

TEST_F(BadInput, TruncatedGoogleBenchmark) {
  const auto text = gb_good();
  const auto cut = write("cut.json", text.substr(0, text.size() - 10));
  expect_bad_input({"compare", cut, write("gb.json", text)},
                   "OLD " + cut + ": not valid JSON (truncated or corrupt?) at byte " +
                       std::to_string(text.size() - 10 + 1) + ": expected a complete JSON document");
}

TEST_F(BadInput, ResultsOfAnotherVersion) {
  const auto other = edited_results("v2.json", [](auto& d) { d["schema"] = "benchgate.results/2"; });
  expect_bad_input({"compare", other, good_results()},
                   "OLD " + other +
                       ": \"schema\": \"benchgate.results/2\" is another version of benchgate results (another "
                       "benchgate wrote it); expected \"benchgate.results/1\": compare with the benchgate that wrote "
                       "the file, or rerun the benchmarks with this one");
}

TEST_F(BadInput, JsonOfAnotherSchema) {
  const auto other = write("other.json", R"({"schema": "criterion.estimates/1", "mean": 3})");
  expect_bad_input({"compare", good_results(), other},
                   "NEW " + other + ": unknown \"schema\": \"criterion.estimates/1\"; " + k_expected_kinds);
}

TEST_F(BadInput, JsonWithNeitherSchemaNorBenchmarks) {
  const auto other = write("estimates.json", R"({"mean": {"point_estimate": 3.2}})");
  expect_bad_input({"compare", good_results(), other},
                   "NEW " + other + ": neither a \"schema\" nor a \"benchmarks\" array; " + k_expected_kinds);
}

TEST_F(BadInput, JsonThatIsNotAnObject) {
  const auto other = write("list.json", "[1, 2, 3]\n");
  expect_bad_input({"compare", other, good_results()},
                   "OLD " + other + ": the document is not a JSON object; " + k_expected_kinds);
}

TEST_F(BadInput, ADiffGivenAsResults) {
  const auto diff = write("diff.json", R"({"schema": "benchgate.diff/1", "cells": []})");
  expect_bad_input({"compare", diff, good_results()},
                   "OLD " + diff + ": is a comparison (\"schema\": \"benchgate.diff/1\"), not results; " +
                       k_expected_kinds);
}

TEST_F(BadInput, EmptyFile) {
  const auto empty = write("empty.json", "");
  expect_bad_input({"compare", good_results(), empty}, "NEW " + empty + ": the file is empty; expected a JSON document");
}

TEST_F(BadInput, WhitespaceOnlyFile) {
  const auto blank = write("blank.json", " \n\t\n");
  expect_bad_input({"compare", blank, good_results()}, "OLD " + blank + ": the file is empty; expected a JSON document");
}

TEST_F(BadInput, AFolderGivenAsAFile) {
  expect_bad_input({"compare", dir_.path().string(), good_results()},
                   "OLD " + dir_.path().string() + ": is a folder; expected a file");
}

TEST_F(BadInput, MissingFileOrBaseline) {
  const auto saved = dir_.path() / "saved";
  results::save_results(two_cells(), saved / "main.json", "test");
  expect_bad_input({"compare", "mian", good_results(), "--baseline-dir", saved.string()},
                   "OLD mian: no such file, and no saved baseline of that name in " + saved.string() +
                       " (saved baselines: main)");
}

TEST_F(BadInput, MissingBaselineFolder) {
  expect_bad_input({"compare", "main", good_results(), "--baseline-dir", path("none")},
                   "OLD main: no such file, and no saved baseline of that name in " + path("none") +
                       " (none is saved there; save one with 'benchgate run --save-baseline NAME')");
}

TEST_F(BadInput, DuplicatedCellNames) {
  const auto dup = edited_results("dup.json", [](auto& d) { d["cells"].push_back(d["cells"][0]); });
  expect_bad_input({"compare", good_results(), dup},
                   "NEW " + dup +
                       ": cells[2].name: expected a name not used by an earlier cell (duplicated cell name), got "
                       "\"demo/baseline/size:8\"");
}

// Values no run writes: a negative sample count, a cell without a name, and
// an escape sequence in a name (sent raw to the terminal by every report).
TEST_F(BadInput, ImpossibleSettingsAndNamesInResults) {
  const auto samples = edited_results("samples.json", [](auto& d) { d["settings"]["samples"] = -1; });
  expect_bad_input({"compare", good_results(), samples},
                   "NEW " + samples + ": settings.samples: expected an integer >= 0, got -1");
  const auto rounds = edited_results("rounds.json", [](auto& d) { d["settings"]["rounds"] = 0; });
  expect_bad_input({"compare", good_results(), rounds},
                   "NEW " + rounds + ": settings.rounds: expected an integer >= 1, got 0");
  const auto empty = edited_results("empty.json", [](auto& d) { d["cells"][0]["name"] = ""; });
  expect_bad_input({"compare", good_results(), empty},
                   "NEW " + empty + ": cells[0].name: expected a non-empty name without control characters, got \"\"");
  const auto escape = edited_results("esc.json", [](auto& d) { d["cells"][0]["name"] = "demo\x1b[2Jx"; });
  expect_bad_input({"compare", good_results(), escape},
                   "NEW " + escape + ": cells[0].name: expected a non-empty name without control characters, got "
                                     "\"demo\\u001b[2Jx\"");
  const auto gbench = write("esc_gb.json", gb_file({gb_entry("BM_a\\u0007", "10")}));
  expect_bad_input({"compare", write("gb.json", gb_good()), gbench},
                   "NEW " + gbench + ": benchmarks[0].name: expected a non-empty name without control characters, "
                                     "got \"BM_a\\u0007\"");
}

TEST_F(BadInput, NullTimeInResults) {
  // The writer turns a NaN into null; a reader refuses it.
  const auto bad = edited_results("null.json", [](auto& d) { d["cells"][1]["samples"][4]["real_ns"] = nullptr; });
  expect_bad_input({"compare", good_results(), bad},
                   "NEW " + bad + ": cells[1].samples[4].real_ns: expected a positive number, got null");
}

TEST_F(BadInput, NegativeTimeInResults) {
  const auto bad = edited_results("neg.json", [](auto& d) { d["cells"][0]["samples"][0]["real_ns"] = -5.0; });
  expect_bad_input({"compare", bad, good_results()},
                   "OLD " + bad + ": cells[0].samples[0].real_ns: expected a positive number, got -5.0");
}

TEST_F(BadInput, ZeroTimeInResults) {
  const auto bad = edited_results("zero.json", [](auto& d) { d["cells"][0]["samples"][0]["real_ns"] = 0.0; });
  expect_bad_input({"compare", bad, good_results()},
                   "OLD " + bad + ": cells[0].samples[0].real_ns: expected a positive number, got 0.0");
}

TEST_F(BadInput, NegativeCpuTimeInResults) {
  const auto bad = edited_results("cpu.json", [](auto& d) { d["cells"][0]["samples"][1]["cpu_ns"] = -1.0; });
  expect_bad_input({"compare", bad, good_results()},
                   "OLD " + bad + ": cells[0].samples[1].cpu_ns: expected a number >= 0, got -1.0");
}

TEST_F(BadInput, MissingFieldInResults) {
  const auto bad = edited_results("noname.json", [](auto& d) { d["cells"][1].erase("name"); });
  expect_bad_input({"compare", bad, good_results()},
                   "OLD " + bad + ": cells[1].name: expected a value, but the field is missing");
}

TEST_F(BadInput, GoogleBenchmarkAggregatesOnly) {
  const auto aggregates = write(
      "agg.json", gb_file({gb_entry("BM_a_mean", "10", "ns", R"(, "aggregate_name": "mean")"),
                           gb_entry("BM_a_median", "10", "ns", R"(, "aggregate_name": "median")")}));
  expect_bad_input({"compare", aggregates, write("gb.json", gb_good())},
                   "OLD " + aggregates +
                       ": holds only aggregates (mean, median, stddev), no repetitions; expected each repetition as "
                       "a sample: run the benchmark with --benchmark_repetitions=N and without "
                       "--benchmark_report_aggregates_only");
}

TEST_F(BadInput, GoogleBenchmarkNaNTime) {
  // Google Benchmark writes a bare NaN (not JSON) for a time it could not
  // measure: read as the string "NaN", refused where a time must be.
  const auto bad = write("nan.json", gb_file({gb_entry("BM_a", "NaN")}));
  expect_bad_input({"compare", write("gb.json", gb_good()), bad},
                   "NEW " + bad + ": benchmarks[0].real_time: expected a time >= 0 (Google Benchmark writes NaN or "
                                  "Infinity for a time it could not measure: rerun or drop that benchmark), got \"NaN\"");
}

TEST_F(BadInput, GoogleBenchmarkInfiniteTime) {
  const auto bad = write("inf.json", gb_file({gb_entry("BM_a", "-Infinity")}));
  const auto r = run_benchgate({"compare", write("gb.json", gb_good()), bad});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(": benchmarks[0].real_time: expected a time >= 0 (Google Benchmark writes NaN or Infinity"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("got \"-Infinity\""), std::string::npos) << r.err;
}

// NaN and Infinity where no time is read (a counter, the cv row of a
// counter whose mean is 0) do not cost the file: the counter is left out
// of that sample, the aggregate skipped as always. Inside a string they
// are text, as JSON says.
TEST_F(BadInput, GoogleBenchmarkNaNOutsideTheTimesIsAccepted) {
  const auto nan_counter =
      gb_file({gb_entry("BM_a", "10", "ns", R"(, "errors": NaN, "label": "NaN -Infinity")"),
               gb_entry("BM_a", "11", "ns", R"(, "errors": 0, "ratio": -Infinity)"),
               gb_entry("BM_a_cv", "0.1", "ns", R"(, "aggregate_name": "cv", "errors": NaN)")});
  const auto file = write("nan_counter.json", nan_counter);
  const auto r = run_benchgate({"compare", write("gb.json", gb_good()), file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BM_a"), std::string::npos) << r.out;
}

TEST_F(BadInput, NumberBeyondADoublesRange) {
  // nlohmann throws out_of_range, not parse_error, here: this was exit 70.
  const auto bad = write("huge.json", gb_file({gb_entry("BM_a", "1e999")}));
  expect_bad_input({"compare", write("gb.json", gb_good()), bad},
                   "NEW " + bad + ": number overflow parsing '1e999'; expected finite numbers (of magnitude below "
                                  "1.8e308)");
}

// An injected slowdown whose filter matches no cell made the injected run
// an A/A one without a word (calibrate: "detected 0/0").
TEST_F(BadInput, AnInjectFilterThatMatchesNoCell) {
  expect_bad_input(tiny_run({"--inject-slowdown", "40", "--inject-filter", "page_iter/CORE/"}),
                   "--inject-filter page_iter/CORE/: matches no cell of this run, so nothing would be slowed; see "
                   "'benchgate list' for names");
}

// A counter no cell carries is a typo: exit 2 naming what the cells carry,
// not exit 3 ("cannot judge") as if the machine were too noisy.
TEST_F(BadInput, AMetricNoCellCarriesIsATypo) {
  const auto a = write("a.json", gb_file({gb_entry("BM_a", "10", "ns", R"(, "hits": 3)"),
                                          gb_entry("BM_a", "11", "ns", R"(, "hits": 3)")}));
  const auto b = write("b.json", gb_file({gb_entry("BM_a", "10", "ns", R"(, "hits": 4)"),
                                          gb_entry("BM_a", "12", "ns", R"(, "hits": 4)")}));
  expect_bad_input({"gate", a, b, "--metric", "hitz", "--direction", "hitz=higher"},
                   "metric hitz: no cell of OLD " + a + " or NEW " + b +
                       " carries it; expected real_time, cpu_time or one they carry: hits");
  expect_bad_input({"compare", a, b, "--metric", "hitz", "--direction", "hitz=higher"},
                   "metric hitz: no cell of OLD " + a + " or NEW " + b +
                       " carries it; expected real_time, cpu_time or one they carry: hits");
}

// nlohmann keeps the last of two equal keys: a counter named like one of
// Google Benchmark's own fields replaced it, without a word.
TEST_F(BadInput, AKeyGivenTwiceInOneObjectIsNamed) {
  const auto bad = write("twice.json", gb_file({gb_entry("BM_a", "10", "ns", R"(, "iterations": 7)")}));
  expect_bad_input({"compare", write("gb.json", gb_good()), bad},
                   "NEW " + bad + ": the key \"iterations\" appears twice in one object; expected each key once "
                                  "(which of the two is meant?)");
}

TEST_F(BadInput, GoogleBenchmarkNegativeTime) {
  const auto bad = write("neg.json", gb_file({gb_entry("BM_a", "-3")}));
  expect_bad_input({"compare", write("gb.json", gb_good()), bad},
                   "NEW " + bad + ": benchmarks[0].real_time: expected a time >= 0, got -3");
}

TEST_F(BadInput, GoogleBenchmarkUnknownTimeUnit) {
  const auto bad = write("unit.json", gb_file({gb_entry("BM_a", "3", "fortnights")}));
  expect_bad_input({"compare", write("gb.json", gb_good()), bad},
                   "NEW " + bad + ": benchmarks[0].time_unit: expected \"ns\", \"us\", \"ms\" or \"s\", got "
                                  "\"fortnights\"");
}

TEST_F(BadInput, GoogleBenchmarkTimeAsAString) {
  const auto bad = write("string.json", gb_file({gb_entry("BM_a", "\"3\"")}));
  expect_bad_input({"compare", write("gb.json", gb_good()), bad},
                   "NEW " + bad + ": benchmarks[0].real_time: expected a number, got \"3\"");
}

TEST_F(BadInput, GoogleBenchmarkImpossibleCpuCount) {
  auto text = gb_good();
  text.replace(text.find("\"num_cpus\": 2"), 13, "\"num_cpus\": 1e300");
  const auto bad = write("cpus.json", text);
  expect_bad_input({"compare", bad, bad},
                   "OLD " + bad + ": context.num_cpus: expected a number of CPUs (an integer >= 0, or -1: unknown), "
                   "got 1e+300");
}

TEST_F(BadInput, NoCommonCells) {
  const auto other = write("other.json", gb_file({gb_entry("BM_b", "10")}));
  const auto good = write("gb.json", gb_good());
  expect_bad_input({"compare", good, other}, "OLD " + good + " and NEW " + other +
                                                 ": no cell name is on both sides (1 and 1 cells); expected results "
                                                 "of the same benchmarks");
}

// --- compare: inputs with a defined meaning (not errors) --------------------

// One repetition has no interval: the cell is listed as not compared, with
// how to get samples, rather than given a verdict (docs/gate.md).
TEST_F(BadInput, GoogleBenchmarkWithoutRepetitionsIsOneSampleCells) {
  const auto one = write("one.json", gb_file({gb_entry("BM_a", "10")}));
  const auto r = run_benchgate({"compare", write("gb.json", gb_good()), one, "--resamples", "1000"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  BM_a: the new side has only 1 sample, fewer than 2: no interval, so no verdict (Google "
                       "Benchmark: --benchmark_repetitions=N)\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.err, "");
}

TEST_F(BadInput, GoogleBenchmarkErroredRunIsListedAsNotCompared) {
  const auto failed = write(
      "err.json", gb_file({gb_entry("BM_a", "0", "ns", R"(, "error_occurred": true, "error_message": "boom")")}));
  const auto r = run_benchgate({"compare", write("gb.json", gb_good()), failed, "--resamples", "1000"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  BM_a: the new side failed: Google Benchmark reported an error (SkipWithError): boom"),
            std::string::npos)
      << r.out;
}

TEST_F(BadInput, GoogleBenchmarkSkippedRunIsListedAsNotCompared) {
  const auto skipped =
      write("skip.json", gb_file({gb_entry("BM_a", "0", "ns", R"(, "skipped": 1, "skip_message": "no AVX2")")}));
  const auto r = run_benchgate({"compare", skipped, write("gb.json", gb_good()), "--resamples", "1000"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  BM_a: the old side was skipped: Google Benchmark reported the benchmark skipped "
                       "(SkipWithMessage): no AVX2"),
            std::string::npos)
      << r.out;
}

TEST_F(BadInput, GoogleBenchmarkMixedTimeUnitsAreConverted) {
  // 10 ns, 11 ns and 12 ns written in three units: the same cell as gb_good().
  const auto mixed = write("mixed.json", gb_file({gb_entry("BM_a", "0.010", "us"), gb_entry("BM_a", "11", "ns"),
                                                  gb_entry("BM_a", "0.000012", "ms")}));
  const auto r = run_benchgate({"compare", write("gb.json", gb_good()), mixed, "--resamples", "1000"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("time:   [10.000 ns 11.000 ns 12.000 ns]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("BM_a  +0.0000%"), std::string::npos) << r.out;
}

TEST_F(BadInput, GoogleBenchmarkZeroTimesGiveDefinedNumbers) {
  const auto zero = write("zero.json", gb_file({gb_entry("BM_a", "0"), gb_entry("BM_a", "0"), gb_entry("BM_a", "0")}));
  const auto r = run_benchgate({"compare", write("gb.json", gb_good()), zero, "--resamples", "1000",
                                "--json", path("diff.json")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BM_a  -100.00%"), std::string::npos) << r.out;
  const auto diff = files::read_file(path("diff.json"), "test");
  EXPECT_EQ(diff.find("NaN"), std::string::npos);
  EXPECT_EQ(diff.find("Infinity"), std::string::npos);
}

// --- compare: options ---------------------------------------------------------

TEST_F(BadInput, CompareUnknownOption) {
  const auto good = good_results();
  expect_bad_input({"compare", good, good, "--fast"},
                   "benchgate compare: unrecognised option '--fast'; see 'benchgate compare --help'");
}

TEST_F(BadInput, CompareOptionWithoutItsValue) {
  const auto good = good_results();
  expect_bad_input({"compare", good, good, "--alpha"}, "benchgate compare: the required argument for option "
                                                       "'--alpha' is missing; see 'benchgate compare --help'");
}

TEST_F(BadInput, CompareAlphaOutOfRange) {
  const auto good = good_results();
  expect_bad_input({"compare", good, good, "--alpha", "1.5"}, "--alpha 1.5: expected a number in (0, 1), e.g. 0.05");
}

TEST_F(BadInput, CompareBadPercentage) {
  const auto good = good_results();
  expect_bad_input({"compare", good, good, "--noise-threshold", "-1%"},
                   "--noise-threshold -1%: expected a percentage >= 0: 1 and 1% both mean 1 %");
  expect_bad_input({"compare", good, good, "--noise-threshold", "5%%"},
                   "--noise-threshold 5%%: expected a percentage >= 0: 1 and 1% both mean 1 %");
  expect_bad_input({"compare", good, good, "--noise-threshold", "nan"},
                   "--noise-threshold nan: expected a percentage >= 0: 1 and 1% both mean 1 %");
}

TEST_F(BadInput, CompareBadNumber) {
  const auto good = good_results();
  expect_bad_input({"compare", good, good, "--resamples", "1e9"},
                   "--resamples 1e9: expected an integer from 100 to 10000000");
  expect_bad_input({"compare", good, good, "--seed", "-3"}, "--seed -3: expected an integer >= 0");
}

TEST_F(BadInput, CompareJsonIntoAFolder) {
  const auto good = good_results();
  expect_bad_input({"compare", good, good, "--json", dir_.path().string()},
                   "--json " + dir_.path().string() + ": is a folder; expected a file name");
}

TEST_F(BadInput, CompareJsonUnderAFile) {
  const auto good = good_results();
  const auto target = good + "/diff.json";
  expect_bad_input({"compare", good, good, "--json", target},
                   "--json " + target + ": " + good + " is a file, not a folder; expected a file in an existing folder");
}

// An output on an input would destroy the input; two outputs on one file,
// one of them. Refused before anything runs, the input left as it was.
TEST_F(BadInput, AnOutputOnAnInputOrOnAnotherOutputIsRefused) {
  const auto good = good_results();
  const auto before = files::read_file(good, "test");
  const auto other = write("other.json", before);
  expect_bad_input({"compare", good, other, "--json", good},
                   "--json " + good + ": the same file as OLD " + good +
                       ", which this command reads; expected another file, so that it is not overwritten");
  expect_bad_input({"gate", good, other, "--no-rules", "--markdown", other},
                   "--markdown " + other + ": the same file as NEW " + other +
                       ", which this command reads; expected another file, so that it is not overwritten");
  const auto out = path("out.json");
  const auto same_out = dir_.path().string() + "/./out.json";
  expect_bad_input({"compare", good, other, "--json", out, "--text-out", same_out},
                   "--text-out " + same_out + ": the same file as --json " + out +
                       "; expected a file of its own for each output");
  expect_bad_input(tiny_run({"--out", out, "--text-out", out}),
                   "--text-out " + out + ": the same file as --out " + out + "; expected a file of its own for each output");
  EXPECT_EQ(files::read_file(good, "test"), before);
  EXPECT_EQ(files::read_file(other, "test"), before);
  EXPECT_FALSE(std::filesystem::exists(out));
}

// A missing file is named once, after the option that named it.
TEST_F(BadInput, AMissingFileIsNamedOnce) {
  const auto verdict = path("missing.json");
  expect_bad_input({"explain", "/bin/true", "/bin/true", "--verdict", verdict}, "--verdict " + verdict + ": no such file");
  const auto csv = path("missing.csv");
  expect_bad_input({"history", "import", "--csv", csv, "--history", path("h.db")}, "--csv " + csv + ": no such file");
  EXPECT_FALSE(std::filesystem::exists(path("h.db")));
}

// --- run: options -------------------------------------------------------------

TEST_F(BadInput, RunUnknownOption) {
  expect_bad_input(tiny_run({"--fast"}), "benchgate run: unrecognised option '--fast'; see 'benchgate run --help'");
}

TEST_F(BadInput, RunUnexpectedArgument) {
  expect_bad_input(tiny_run({"page_iter"}), "benchgate run: unexpected argument 'page_iter'; see 'benchgate run --help'");
}

TEST_F(BadInput, UnknownCommand) {
  expect_bad_input({"bench"},
                   "unknown command 'bench'; expected one of list, run, compare, gate, ab, merge, plot, report, calibrate, "
                   "history, explain (see 'benchgate --help')");
}

TEST_F(BadInput, RunBadNumbers) {
  expect_bad_input(tiny_run({"--samples", "10x"}), "--samples 10x: expected an integer from 10 to 100000");
  expect_bad_input(tiny_run({"--samples", "99999999999999999999999"}),
                   "--samples 99999999999999999999999: expected an integer from 10 to 100000");
  // An extra zero or two is a typo, not a run of weeks.
  expect_bad_input(tiny_run({"--samples", "1000000"}), "--samples 1000000: expected an integer from 10 to 100000");
  expect_bad_input(tiny_run({"--rounds", "1000000"}), "--rounds 1000000: expected an integer from 1 to 100000");
  expect_bad_input(tiny_run({"--measurement-time", "-1"}),
                   "--measurement-time -1: expected a number of seconds > 0 and at most 86400 (a day), e.g. 0.5");
  expect_bad_input(tiny_run({"--measurement-time", "nan"}),
                   "--measurement-time nan: expected a number of seconds > 0 and at most 86400 (a day), e.g. 0.5");
  expect_bad_input(tiny_run({"--warmup", "1e400"}), "--warmup 1e400: expected a number of seconds >= 0 and at most 86400 (a day), e.g. 0.5");
  expect_bad_input(tiny_run({"--measurement-time", "1e12"}),
                   "--measurement-time 1e12: expected a number of seconds > 0 and at most 86400 (a day), e.g. 0.5");
  expect_bad_input(tiny_run({"--rounds", "0"}), "--rounds 0: expected an integer from 1 to 100000");
}

TEST_F(BadInput, RunBadPercentages) {
  expect_bad_input(tiny_run({"--inject-slowdown", "50%%", "--inject-filter", "core"}),
                   "--inject-slowdown 50%%: expected a percentage in (0, 1000], e.g. 10");
  expect_bad_input(tiny_run({"--inject-slowdown", "-5", "--inject-filter", "core"}),
                   "--inject-slowdown -5: expected a percentage in (0, 1000], e.g. 10");
}

// The internal option gate --confirm sets: a socket the run inherited.
TEST_F(BadInput, RunLockstepWithoutASocket) {
  expect_bad_input(tiny_run({"--lockstep-fd", "0"}),
                   "--lockstep-fd 0: not an open socket; expected the end of a socket pair that gate --confirm passes");
  expect_bad_input(tiny_run({"--lockstep-fd", "-1"}), "--lockstep-fd -1: expected an integer >= 0");
  expect_bad_input(tiny_run({"--lockstep-fd", "3", "--measure", "instructions"}),
                   "--lockstep-fd 3: only with --measure time (counts need no partner)");
}

TEST_F(BadInput, RunBadParam) {
  expect_bad_input(tiny_run({"--param", "density="}), "--param density=: expected AXIS=V1,V2,... (e.g. density=0.1,0.5)");
}

TEST_F(BadInput, RunBadFilter) {
  expect_bad_input(tiny_run({"--filter", "("}),
                   "--filter (: not a valid regular expression (Mismatched '(' and ')' in regular expression); "
                   "expected an ECMAScript regex, e.g. 'core|baseline'");
}

TEST_F(BadInput, RunOutIntoAFolder) {
  expect_bad_input(tiny_run({"--out", dir_.path().string()}),
                   "--out " + dir_.path().string() + ": is a folder; expected a file name");
}

TEST_F(BadInput, RunOutUnderAFile) {
  const auto file = write("file", "x");
  expect_bad_input(tiny_run({"--out", file + "/r.json"}),
                   "--out " + file + "/r.json: " + file + " is a file, not a folder; expected a file in an existing folder");
}

TEST_F(BadInput, RunOutInAFolderThatRefusesFiles) {
  // procfs refuses new files even to root (tests may run as root, where
  // permission bits do not stop a write); the reason (errno) may differ by
  // user, so only it is left unchecked.
  const auto r = run_benchgate(tiny_run({"--text-out", "/proc/self/r.txt"}));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.rfind("error: --text-out /proc/self/r.txt: cannot write: ", 0), 0U) << r.err;
  const std::string ending = " (creating a file in /proc/self); expected a path in a writable folder\n";
  EXPECT_TRUE(r.err.size() > ending.size() && r.err.substr(r.err.size() - ending.size()) == ending) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(BadInput, RunBadBaselineName) {
  expect_bad_input(tiny_run({"--save-baseline", "../main"}),
                   "--save-baseline ../main: expected a name of 1 to 100 letters, digits, '.', '_' or '-', not "
                   "starting with '.'");
}

TEST_F(BadInput, RunMissingBaseline) {
  expect_bad_input(tiny_run({"--baseline", "main", "--baseline-dir", path("saved")}),
                   "--baseline main: no saved baseline of that name in " + path("saved") +
                       " (none is saved there; save one with 'benchgate run --save-baseline NAME')");
}

TEST_F(BadInput, RunMissingInputFile) {
  expect_bad_input({"run", "--case", "clvm_backrefs", "--quick", "--input", path("nosuch.bin")},
                   "--input " + path("nosuch.bin") + ": no such file");
}

}  // namespace
}  // namespace benchgate
