#pragma once
// Plain Google Benchmark registrations (BENCHMARK(f)->Range(...),
// BENCHMARK_F, BENCHMARK_TEMPLATE, ...) linked into a benchgate driver
// (docs/google-benchmark-suites.md): finding them, and running some of them
// through Google Benchmark's public API only: its flags set through
// benchmark::Initialize, RunSpecifiedBenchmarks with a filter that matches
// exactly the wanted names, and a reporter that captures every repetition.

#include <map>
#include <string>
#include <vector>

#include "harness/run/capture_reporter.hpp"

namespace benchgate::run {

// Google Benchmark's own default of --benchmark_min_time, in seconds
// (benchmark.cc, 1.7.1): what a registration without MinTime gets when the
// flag is not given.
inline constexpr double k_google_benchmark_default_min_time_s = 0.5;

// The process-wide Google Benchmark flags the next RunSpecifiedBenchmarks
// call follows. A registration's own settings (->Repetitions(n),
// ->MinTime(t), ->Iterations(n), ->MinWarmUpTime(t)) override them, as
// under benchmark_main.
struct google_benchmark_flags {
  bool list_only = false;   // --benchmark_list_tests: print names, run nothing
  bool interleave = false;  // --benchmark_enable_random_interleaving
  int repetitions = 1;      // --benchmark_repetitions
  double min_time_s = k_google_benchmark_default_min_time_s;  // --benchmark_min_time
  double min_warmup_time_s = 0;                                // --benchmark_min_warmup_time
};

// Sets every flag of `flags` (benchmark::Initialize with them all, so none
// keeps a value from an earlier call).
void set_google_benchmark_flags(const google_benchmark_flags& flags);

// The names of every benchmark registered in this executable, in Google
// Benchmark's order, as --benchmark_list_tests prints them ("BM_copy/64",
// "Fixture/BM_read/8/real_time"), without benchgate's own
// (fresh_registration_prefix). Empty when there is none.
std::vector<std::string> registered_benchmark_names();

// A prefix for benchgate's own registrations of one batch ("benchgate-"
// 16 random hex digits ":"), no regex metacharacter in it, so "^" + prefix
// is a filter of that batch alone. benchgate never clears Google
// Benchmark's registry (it also holds the program's plain registrations):
// a batch registers under a fresh prefix and runs by it, and its
// registrations, which may refer to data gone after the batch, are never
// matched again. Random rather than counted, so that no state outlives a
// run and two runs in one process (calibrate) cannot share one (a clash
// has probability 2^-64).
std::string fresh_registration_prefix();

// An extended regex (Google Benchmark's filter syntax) that matches exactly
// the names in `names` and no other: each name anchored, its regex
// metacharacters escaped. `names` not empty.
std::string exact_names_filter(const std::vector<std::string>& names);

// Runs the benchmarks named `names` once with `flags` (not list_only) and
// returns what was captured, keyed by full name. A name Google Benchmark
// did not run is missing from the map.
std::map<std::string, captured_benchmark> run_benchmarks_named(const std::vector<std::string>& names,
                                                               const google_benchmark_flags& flags);

}  // namespace benchgate::run
