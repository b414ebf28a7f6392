#pragma once
// Paired runs of two plain Google Benchmark executables (benchgate ab on
// Google Benchmark binaries). They cannot take turns sample by sample as
// benchgate drivers do (support/process/lockstep.hpp), so each sample is a short
// process of its own: one benchmark (--benchmark_filter=^NAME$), one
// repetition, a fixed --benchmark_min_time, JSON to a file. Old and new
// alternate (old new, new old, old new... over the benchmarks of a round,
// mirrored in the next round), for many rounds, and sample i of a
// benchmark on one side pairs with sample i on the other: both ran back to
// back, so whatever slowed the machine for a while slowed both.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::paired {

// One side: its binary, its own extra arguments (passed before the ones
// added here) and the benchmarks it lists, in order.
struct gbench_side {
  std::string what;  // "old" or "new"
  std::filesystem::path binary;
  std::vector<std::string> args;
  std::vector<std::string> names;
};

struct gbench_pair_plan {
  int rounds = 0;                      // samples a benchmark a side
  double min_time_s = 0;               // --benchmark_min_time of each process
  std::optional<std::string> filter;   // ECMAScript regex over the names; none: all
  std::filesystem::path dir;           // where each side's log (WHAT.log) and last JSON go
  std::optional<results::shard_spec> shard;  // ab --shard K/N: part K of the benchmarks
  // The turns of round r are those of round first_round + r (old_runs_first):
  // ab's extra rounds go on where the rounds before them left off.
  int first_round = 0;
  // time, or allocations: each process also runs with the allocation
  // counter preloaded (run/gbench_allocations.hpp), its sample carrying
  // the per-iteration counts. `preload` is the counter's library (found
  // from this executable when empty).
  results::measure_kind measure = results::measure_kind::time;
  std::filesystem::path preload{};
  // Who runs them, the prefix of the progress lines and errors: ab, or
  // gate for the re-runs of a confirmation (gate --confirm, ab --confirm).
  std::string speaker = "ab";
  // --fixed-placement: every process from the executable itself, with no
  // pad; else each from a fresh copy (paired/placement.hpp).
  bool fixed_placement = false;
};

struct gbench_pair_runs {
  results::run_results old_run;
  results::run_results new_run;
};

// The benchmarks run: the old side's names in order, then those only the
// new side lists, keeping those `filter` matches (searched, as run
// --filter does). Throws input_error when it keeps none.
std::vector<std::string> benchmarks_to_run(const gbench_side& old_side, const gbench_side& new_side,
                                           const std::optional<std::string>& filter);

// Part K of N of `names` (`shard`, docs/sharding.md): those at positions
// K-1, K-1+N, ..., as run --shard deals grid points; all without a shard.
// Throws input_error when the part is empty (N larger than the benchmarks).
std::vector<std::string> shard_part(const std::vector<std::string>& names,
                                    const std::optional<results::shard_spec>& shard);

// Whether the old side runs first for benchmark `index` of round `round`
// (both from 0): old new, new old, ... in round 0, mirrored in round 1.
bool old_runs_first(int round, std::size_t index);

// Runs the plan: every round, every benchmark of benchmarks_to_run (its
// shard_part with a shard), on
// each side that lists it, in the order of old_runs_first. A benchmark that
// errors (SkipWithError) on a side is marked failed there and not run again
// on that side. The runs record the pairing (formats/pairing_records.hpp) and their
// settings (measure time, one sample a round, `rounds` rounds, the min
// time, the filter, no interleaving, the side's arguments as
// google_benchmark_args; the measure, with allocations each sample's
// counts as counters); environments come from Google Benchmark's context. Progress (one line a round) on `err`. Throws
// input_error when a process does not exit 0 or writes no result for its
// benchmark, with its command and the tail of its log.
gbench_pair_runs run_gbench_pairs(const gbench_side& old_side, const gbench_side& new_side,
                                  const gbench_pair_plan& plan, std::ostream& err);

}  // namespace benchgate::paired
