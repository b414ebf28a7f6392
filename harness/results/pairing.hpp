#pragma once
// Recording that two runs were made as lockstep pairs (rerun/paired_runs.hpp),
// and reading it back: which sample of one pairs with which of the other.

#include <optional>
#include <string>

#include "harness/results/model.hpp"

namespace benchgate::results {

// A fresh run id: 16 random hexadecimal digits.
std::string make_run_id();

// Marks `old_run` and `new_run` as partners of one lockstep pairing: sample
// i of each cell on both sides (with as many samples on each) gets the
// pairing's id and index i, and each run gets a pairing_record naming the
// other. A run without a run_id gets one.
void record_pairing(run_results& old_run, run_results& new_run);

// `new_run` with each cell's samples in the order of their partners in
// `old_run`, when the two were paired: they share a pairing and every cell
// with samples on both sides pairs sample for sample. `problem` says why
// not when they share a pairing but some cell does not pair (empty when
// they were never paired).
struct aligned_run {
  std::optional<run_results> new_run;
  std::string problem;
};
aligned_run align_pairs(const run_results& old_run, const run_results& new_run);

}  // namespace benchgate::results
