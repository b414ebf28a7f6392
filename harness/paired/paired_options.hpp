#pragma once
// What paired running needs to know (`benchgate ab`, paired/ab_sides.hpp and
// paired/gbench_sides.hpp): the two binaries, each side's arguments and run
// settings, and how many lockstep pairs. The `ab` command's settings
// (gate/ab_options.hpp) add the judgement to these.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/formats/role_patterns.hpp"
#include "harness/run/run_options.hpp"

namespace benchgate::options {

// Timed paired runs (ab, gate --confirm) take at least this many samples a side (as
// many pairs), in the same measurement time: with 10 pairs the paired
// test's smallest p is 2/1024, which the correction across a dozen suspect
// cells barely admits, so a single pair that met a slow spell made a round
// miss a 30 % change (docs/gate.md).
inline constexpr int k_min_confirm_samples = 20;

// --pairs above this would run the grid for hours.
inline constexpr int k_max_ab_pairs = 20;
// Lockstep process pairs by default. Each pair takes 1/P of the samples'
// time and of the warm-up, so more pairs cost only their start-ups; 8
// against 4 gives the t over process pairs 7 degrees of freedom instead of
// 3: on one page_iter core cell +5 % found 10 of 10 times (4 pairs: 8),
// +3 % 6 of 10 (3), for 5 % more wall time (docs/measurements/2026-12-04-ab.md,
// 2026-12-04 22:46).
inline constexpr int k_default_ab_pairs = 8;

// Google Benchmark executables (docs/ab.md, "Google Benchmark
// executables"): rounds of one short process a benchmark a side.
inline constexpr int k_default_gbench_rounds = 20;  // pairs enough for the paired test
inline constexpr int k_max_gbench_rounds = 1000;
inline constexpr double k_default_gbench_min_time_s = 0.05;  // --benchmark_min_time of each process

// What OLD_BIN and NEW_BIN are: benchgate drivers (run in lockstep) or
// plain Google Benchmark executables (alternating short processes).
enum class ab_binaries { drivers, google_benchmark };

struct gbench_ab_options {
  int rounds = k_default_gbench_rounds;             // --rounds: one sample a benchmark a side each
  double min_time_s = k_default_gbench_min_time_s;  // --min-time
  std::optional<std::string> filter;                // --filter: of the listed names
  std::vector<results::role_pattern> roles;         // --role ROLE=REGEX
  std::optional<results::shard_spec> shard;         // --shard K/N: part K of the benchmarks
  // --measure: time, or allocations (each process also counts the timed
  // loop's allocations: run/gbench_allocations.hpp).
  results::measure_kind measure = results::measure_kind::time;
  // The benchmarks each binary listed (--benchmark_list_tests), in order.
  std::vector<std::string> old_names;
  std::vector<std::string> new_names;
};

struct paired_options {
  ab_binaries binaries = ab_binaries::drivers;
  gbench_ab_options gbench;  // with google_benchmark
  std::filesystem::path old_binary;
  std::filesystem::path new_binary;
  // The `run` arguments of each side: the run options given to ab, then
  // the side's own (--old-arg, --new-arg), as given. Google Benchmark
  // executables: the side's own arguments only.
  std::vector<std::string> old_args;
  std::vector<std::string> new_args;
  // The same, validated by this binary's `run` parser (drivers only).
  run_options old_run;
  run_options new_run;
  // --pairs: lockstep pairs of processes, the side that starts
  // alternating; timed, each runs every cell with a share of the samples
  // and time (paired/process_pairs.hpp), pooled, and compared with the
  // process pair as the unit (stats/clustered.hpp).
  int pairs = k_default_ab_pairs;
  // --fixed-placement: every process from OLD_BIN and NEW_BIN themselves,
  // with no environment pad (paired/placement.hpp), as before placement.
  bool fixed_placement = false;
};

}  // namespace benchgate::options
