#pragma once
// Merging several runs of the same build and settings into one (benchgate
// merge): how scripts/compare-revisions pools the rounds it ran of each
// binary, alternating with the other's, so slow drift hits both sides alike.

#include <span>
#include <string>

#include "harness/formats/model.hpp"

namespace benchgate::results {

struct named_run {
  std::string source;  // where it was read, for messages
  run_results run;
};

// Appends the samples of `from` (a later run or round of the same cell) to
// `into`, and keeps the first error of either.
void append_samples(cell& into, const cell& from);

// The first run's environment and settings (rounds summed), every cell in
// order of first appearance with the samples of all runs concatenated (an
// error of any run is kept). Throws input_error naming the run that differs
// when the runs come from different builds (git commit, dirty flag), measure
// modes, selections (--filter, cases, --param, --input) or injected
// slowdowns, when a run is given twice (the same date and samples), or when
// `runs` is empty.
// Shards (run --shard K/N) merge only as one complete set: all N parts, each
// once, split the same way and timed with the same settings; their cells are
// disjoint; the result is a whole run (no shard, the shards' rounds). Shards
// come from several machines: the environment is the first file's.
run_results merge_runs(std::span<const named_run> runs);

}  // namespace benchgate::results
