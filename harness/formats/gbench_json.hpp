#pragma once
// Reads plain Google Benchmark JSON (--benchmark_format=json or
// --benchmark_out=FILE) into the results model, so that any Google Benchmark
// suite can be compared. Each repetition is a sample; aggregates (entries
// with an "aggregate_name": mean, median, stddev, cv) are not.

#include <string_view>

#include "harness/formats/json_reader.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::results {

inline constexpr const char* gbench_format = "google-benchmark";

// The cells of a Google Benchmark JSON document, one per benchmark name in
// order of first appearance. Times are converted to nanoseconds per
// iteration. An entry with "error_occurred" (or "skipped") makes its cell
// failed, with Google Benchmark's message. Entries marked run_type
// "aggregate" without an aggregate_name (as in compare.py's own test inputs)
// are samples, as compare.py treats them. Work per iteration comes from
// bytes_per_second or items_per_second (gbench_work_per_iteration). Throws
// input_error naming `source` and the entry when a field is missing or wrong,
// or when the file holds aggregates only.
run_results gbench_from_json(const json& document, std::string_view source);

// The work per iteration that the rate counters (bytes_per_second, else
// items_per_second) of a sample of the benchmark `name` imply. Google
// Benchmark divides them by the time the benchmark is timed by
// (counter.cc, kIsRate; benchmark_runner.cc): its CPU time, or its real
// time (the manual time for UseManualTime) when the name has a
// "/real_time" or "/manual_time" part. None without a positive rate.
benchgate::work_per_iteration gbench_work_per_iteration(std::string_view name, const sample& s);

}  // namespace benchgate::results
