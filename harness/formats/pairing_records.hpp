#pragma once
// Recording that two runs were made as lockstep pairs (paired/paired_runs.hpp),
// and reading it back: which sample of one pairs with which of the other.

#include <optional>
#include <string>

#include "harness/formats/model.hpp"

namespace benchgate::results {

// A fresh run id: 16 random hexadecimal digits.
std::string make_run_id();

// Marks `old_run` and `new_run` as partners of one lockstep pairing: sample
// i of each cell on both sides (with as many samples on each) gets the
// pairing's id and index i, and each run gets a pairing_record naming the
// other (with `process_pair`, ab's index of the process pair, when given).
// A run without a run_id gets one.
void record_pairing(run_results& old_run, run_results& new_run, std::optional<std::int64_t> process_pair = std::nullopt);

// `new_run` with each cell's samples in the order of their partners in
// `old_run`, when the two were paired: they share a pairing and every cell
// with samples on both sides pairs sample for sample. `problem` says why
// not when they share a pairing but some cell does not pair (empty when
// they were never paired). `clustered`: the shared pairings came from two
// or more of ab's process pairs (pairing_record::process_pair), so the
// pairs cluster by their pairing id (cluster_labels).
struct aligned_run {
  std::optional<run_results> new_run;
  std::string problem;
  bool clustered = false;
};
aligned_run align_pairs(const run_results& old_run, const run_results& new_run);

// The cluster of each of `c`'s samples: 0, 1, ... in the order the
// samples' pairing ids first appear (a sample without a pairing is
// cluster 0 alone with the others without one).
std::vector<std::size_t> cluster_labels(const cell& c);

}  // namespace benchgate::results
