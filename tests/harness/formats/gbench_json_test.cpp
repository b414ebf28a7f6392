#include "harness/formats/gbench_json.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::results {
namespace {

using ::testing::HasSubstr;

run_results parse(const char* text) { return gbench_from_json(parse_json(text, "gb.json"), "gb.json"); }

TEST(GbenchJson, EachRepetitionIsASampleAndAggregatesAreNot) {
  const auto r = parse(R"({
    "context": {"host_name": "box", "num_cpus": 8, "date": "2024-01-01", "library_version": "v1.8.3"},
    "benchmarks": [
      {"name": "BM_A/64", "run_type": "iteration", "iterations": 100, "real_time": 1.5, "cpu_time": 1.25, "time_unit": "us"},
      {"name": "BM_A/64", "run_type": "iteration", "iterations": 100, "real_time": 2, "cpu_time": 2, "time_unit": "us"},
      {"name": "BM_A/64_mean", "run_type": "aggregate", "aggregate_name": "mean", "iterations": 2, "real_time": 1.75, "cpu_time": 1.6, "time_unit": "us"},
      {"name": "BM_B", "iterations": 10, "real_time": 3, "cpu_time": 2, "time_unit": "ms"}
    ]})");
  ASSERT_EQ(r.cells.size(), 2U);
  const auto& a = r.cells[0];
  EXPECT_EQ(a.name, "BM_A/64");
  EXPECT_EQ(a.case_name, "BM_A");
  EXPECT_FALSE(a.role.has_value());
  ASSERT_EQ(a.samples.size(), 2U);
  EXPECT_DOUBLE_EQ(a.samples[0].real_ns, 1500);
  EXPECT_DOUBLE_EQ(a.samples[0].cpu_ns, 1250);
  EXPECT_EQ(a.samples[0].iterations, 100);
  EXPECT_DOUBLE_EQ(r.cells[1].samples[0].real_ns, 3e6);
  EXPECT_EQ(r.env.host, "box");
  EXPECT_EQ(r.env.logical_cpus, 8);
  EXPECT_EQ(r.env.benchmark_version, "v1.8.3");
}

// Two registrations under one name (BENCHMARK(a)->Name("X") and
// BENCHMARK(b)->Name("X")) would be pooled into one cell of two
// benchmarks' samples.
TEST(GbenchJson, TwoRegistrationsUnderOneNameAreRefused) {
  const auto error_of = [](const char* text) {
    try {
      parse(text);
    } catch (const input_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_of(R"({"benchmarks": [
      {"name": "BM_Dup", "family_index": 0, "per_family_instance_index": 0, "repetition_index": 0, "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"},
      {"name": "BM_Dup", "family_index": 0, "per_family_instance_index": 0, "repetition_index": 1, "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"},
      {"name": "BM_Dup", "family_index": 1, "per_family_instance_index": 0, "repetition_index": 0, "run_type": "iteration", "iterations": 1, "real_time": 9, "cpu_time": 9, "time_unit": "ns"}]})"),
            "gb.json: benchmarks[2].name: expected a name no other registered benchmark has (two registrations under "
            "one name would be pooled into one cell: give them distinct names, e.g. with ->Name()); this one is "
            "registered twice, as family_index 0, instance 0 and as family_index 1, instance 0, got \"BM_Dup\"");
  // Files of Google Benchmark before 1.6 have no family_index: a
  // repetition seen twice says the same.
  EXPECT_NE(error_of(R"({"benchmarks": [
      {"name": "BM_Dup", "repetition_index": 0, "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"},
      {"name": "BM_Dup", "repetition_index": 0, "run_type": "iteration", "iterations": 1, "real_time": 9, "cpu_time": 9, "time_unit": "ns"}]})")
                .find("benchmarks[1].name: expected a name no other registered benchmark has"),
            std::string::npos);
  // Repetitions of one registration, interleaved with another's, are one cell.
  const auto r = parse(R"({"benchmarks": [
      {"name": "BM_A", "family_index": 0, "per_family_instance_index": 0, "repetition_index": 0, "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"},
      {"name": "BM_B", "family_index": 1, "per_family_instance_index": 0, "repetition_index": 0, "run_type": "iteration", "iterations": 1, "real_time": 2, "cpu_time": 2, "time_unit": "ns"},
      {"name": "BM_A", "family_index": 0, "per_family_instance_index": 0, "repetition_index": 1, "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]})");
  ASSERT_EQ(r.cells.size(), 2U);
  EXPECT_EQ(r.cells[0].samples.size(), 2U);
}

TEST(GbenchJson, AggregateRunTypeWithoutAggregateNameIsASampleAsInComparePy) {
  // compare.py's test3 inputs mark repetitions run_type "aggregate" with no
  // aggregate_name, and compare.py counts them; so does benchgate.
  const auto r = parse(R"({"benchmarks": [
      {"name": "short", "run_type": "aggregate", "iterations": 1000, "real_time": 8, "cpu_time": 80, "time_unit": "ns"},
      {"name": "short", "run_type": "aggregate", "iterations": 1000, "real_time": 8, "cpu_time": 77, "time_unit": "ns"}]})");
  ASSERT_EQ(r.cells.size(), 1U);
  EXPECT_EQ(r.cells[0].samples.size(), 2U);
}

TEST(GbenchJson, RatesGiveTheWorkPerIteration) {
  // 2e9 bytes per CPU second at 500 ns of CPU per iteration: 1000 bytes.
  const auto r = parse(R"({"benchmarks": [
      {"name": "BM_Copy", "iterations": 1, "real_time": 600, "cpu_time": 500, "time_unit": "ns", "bytes_per_second": 2e9}]})");
  EXPECT_EQ(r.cells[0].work.unit, benchgate::work_unit::bytes);
  EXPECT_DOUBLE_EQ(r.cells[0].work.amount, 1000);
}

TEST(GbenchJson, TimesBeyondWhatTheStatisticsKeepFiniteAreRefused) {
  // 1e305 s is infinite in nanoseconds; 1e-320 ns makes every ratio infinite.
  for (const auto& [time, unit, shown] : {std::tuple{"1e305", "s", "1e+305"}, std::tuple{"1e-320", "ns", "1e-320"},
                                          std::tuple{"2e9", "s", "2000000000.0"}}) {
    const auto text = std::string(R"({"benchmarks": [{"name": "BM_a", "iterations": 1, "real_time": )") + time +
                      R"(, "cpu_time": 1, "time_unit": ")" + unit + R"("}]})";
    try {
      parse(text.c_str());
      ADD_FAILURE() << time << " " << unit << " was accepted";
    } catch (const input_error& e) {
      EXPECT_EQ(std::string(e.what()), std::string("gb.json: benchmarks[0].real_time: expected 0 or a time from ") +
                                           "1e-6 to 1e18 ns once converted from " + unit + ", got " + shown);
    }
  }
  // The extremes Google Benchmark can report are read.
  const auto r = parse(R"({"benchmarks": [
      {"name": "BM_fast", "iterations": 1, "real_time": 0.001, "cpu_time": 0, "time_unit": "ns"},
      {"name": "BM_slow", "iterations": 1, "real_time": 3600, "cpu_time": 3600, "time_unit": "s"}]})");
  EXPECT_DOUBLE_EQ(r.cells[0].samples[0].real_ns, 0.001);
  EXPECT_DOUBLE_EQ(r.cells[1].samples[0].real_ns, 3.6e12);
}

TEST(GbenchJson, RatesOfBenchmarksTimedByRealOrManualTimeAreOverThatTime) {
  // UseManualTime / UseRealTime: Google Benchmark divides the rate by the
  // manual or real time (its real_time field) and names the benchmark so.
  // 64 bytes in 50 ns of manual time: 1.28e9 bytes per second.
  const auto r = parse(R"({"benchmarks": [
      {"name": "BM_gpu/64/manual_time", "iterations": 1000, "real_time": 50, "cpu_time": 10, "time_unit": "ns",
       "bytes_per_second": 1.28e9},
      {"name": "BM_io/real_time/threads:2", "iterations": 1000, "real_time": 0.1, "cpu_time": 0.025,
       "time_unit": "us", "items_per_second": 1e7},
      {"name": "BM_real_time/8", "iterations": 1000, "real_time": 100, "cpu_time": 25, "time_unit": "ns",
       "items_per_second": 4e7}]})");
  ASSERT_EQ(r.cells.size(), 3U);
  EXPECT_EQ(r.cells[0].work.unit, benchgate::work_unit::bytes);
  EXPECT_DOUBLE_EQ(r.cells[0].work.amount, 64);
  EXPECT_EQ(r.cells[1].work.unit, benchgate::work_unit::items);
  EXPECT_DOUBLE_EQ(r.cells[1].work.amount, 1);
  // A function named BM_real_time is timed by CPU time: 4e7 per second of 25 ns.
  EXPECT_DOUBLE_EQ(r.cells[2].work.amount, 1);
}

TEST(GbenchJson, UserCountersAndRatesAreTheSamplesCounters) {
  // Google Benchmark writes state.counters[...] and rates as plain fields
  // beside its own (repetitions, threads, ...), which are no counters.
  const auto r = parse(R"({"benchmarks": [
      {"name": "BM_C", "family_index": 0, "per_family_instance_index": 0, "repetitions": 2, "repetition_index": 0,
       "threads": 1, "iterations": 10, "real_time": 5, "cpu_time": 5, "time_unit": "ns", "label": "x",
       "items_per_second": 2e8, "hits": 42, "ratio": 0.5}]})");
  const auto& counters = r.cells[0].samples[0].counters;
  ASSERT_EQ(counters.size(), 3U);
  EXPECT_EQ(counters[0], (std::pair<std::string, double>{"items_per_second", 2e8}));
  EXPECT_EQ(counters[1], (std::pair<std::string, double>{"hits", 42}));
  EXPECT_EQ(counters[2], (std::pair<std::string, double>{"ratio", 0.5}));
}

TEST(GbenchJson, AnErroredRunFailsItsCellWithTheMessage) {
  const auto r = parse(R"({"benchmarks": [
      {"name": "BM_X", "iterations": 0, "real_time": 0, "cpu_time": 0, "time_unit": "ns", "error_occurred": true, "error_message": "bad result"}]})");
  ASSERT_EQ(r.cells.size(), 1U);
  EXPECT_TRUE(r.cells[0].samples.empty());
  EXPECT_EQ(r.cells[0].error, "Google Benchmark reported an error (SkipWithError): bad result");
  EXPECT_FALSE(r.cells[0].skipped);
}

TEST(GbenchJson, OnlyAggregatesIsAnErrorThatSaysHowToFixIt) {
  try {
    parse(R"({"benchmarks": [{"name": "BM_A_mean", "run_type": "aggregate", "aggregate_name": "mean",
              "iterations": 3, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]})");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("gb.json: holds only aggregates"));
    EXPECT_THAT(e.what(), HasSubstr("--benchmark_repetitions=N"));
  }
}

// A benchmark registered with ->ReportAggregatesOnly() beside ordinary
// ones has only aggregate rows: its cell is there, skipped with the reason
// (compare lists it, the gate cannot judge it), not silently dropped.
// BigO and RMS rows are of a family, not of one benchmark: no cell.
TEST(GbenchJson, ABenchmarkWithOnlyAggregatesIsASkippedCellNotDropped) {
  const auto r = parse(R"({"benchmarks": [
      {"name": "BM_plain", "run_name": "BM_plain", "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
       "iterations": 3, "real_time": 1, "cpu_time": 1, "time_unit": "ns"},
      {"name": "BM_agg_mean", "run_name": "BM_agg", "run_type": "aggregate", "aggregate_name": "mean",
       "iterations": 3, "real_time": 1, "cpu_time": 1, "time_unit": "ns"},
      {"name": "BM_agg_median", "run_name": "BM_agg", "run_type": "aggregate", "aggregate_name": "median",
       "iterations": 3, "real_time": 1, "cpu_time": 1, "time_unit": "ns"},
      {"name": "BM_old_mean", "aggregate_name": "mean", "iterations": 3, "real_time": 1, "cpu_time": 1,
       "time_unit": "ns"},
      {"name": "BM_fit_BigO", "run_name": "BM_fit", "run_type": "aggregate", "aggregate_name": "BigO",
       "cpu_coefficient": 1, "real_coefficient": 1, "big_o": "N", "time_unit": "ns"},
      {"name": "BM_fit_RMS", "run_name": "BM_fit", "run_type": "aggregate", "aggregate_name": "RMS", "rms": 0.1,
       "time_unit": "ns"}]})");
  ASSERT_EQ(r.cells.size(), 3U);
  EXPECT_EQ(r.cells[0].name, "BM_plain");
  EXPECT_EQ(r.cells[1].name, "BM_agg");
  EXPECT_EQ(r.cells[2].name, "BM_old");  // no run_name (before 1.5): the name less its aggregate
  for (const auto* c : {&r.cells[1], &r.cells[2]}) {
    EXPECT_TRUE(c->samples.empty());
    EXPECT_TRUE(c->skipped);
    EXPECT_THAT(c->error, HasSubstr("reported only its aggregates"));
  }
}

// Google Benchmark writes num_cpus -1 when it cannot tell: unknown, read.
TEST(GbenchJson, AnUnknownCpuCountIsRead) {
  const auto r = parse(R"({"context": {"num_cpus": -1}, "benchmarks": [
      {"name": "BM_A", "iterations": 3, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]})");
  EXPECT_EQ(r.env.logical_cpus, 0);
  EXPECT_EQ(r.cells.size(), 1U);
}

TEST(GbenchJson, AnUnknownTimeUnitNamesTheEntry) {
  try {
    parse(R"({"benchmarks": [{"name": "BM_A", "iterations": 3, "real_time": 1, "cpu_time": 1, "time_unit": "min"}]})");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "gb.json: benchmarks[0].time_unit: expected \"ns\", \"us\", \"ms\" or \"s\", got \"min\"");
  }
}

}  // namespace
}  // namespace benchgate::results
