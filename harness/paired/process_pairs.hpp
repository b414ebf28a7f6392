#pragma once
// How `benchgate ab` shares one comparison among P lockstep pairs of
// processes (docs/ab.md, "Process pairs"). On a shared host a whole
// process can run a cell at a steady offset, so the pairs inside one pair
// of processes are not independent and the process pair is the unit of
// replication (stats/clustered.hpp). Each of the P process pairs runs
// every cell with a share of the samples, of the measurement time and of the
// warm-up, so P pairs cost about what one does plus their start-up.

#include <string>
#include <vector>

#include "harness/run/run_options.hpp"

namespace benchgate::paired {

// Samples a cell of each of `pairs` process pairs takes when the whole
// comparison wants `total` a side: ceil(total / pairs), but never fewer
// than `run` accepts (options::k_min_samples).
int samples_per_process_pair(int total, int pairs);

// The `run` arguments of one side in each of `pairs` (>= 2) process pairs:
// pair_arguments (paired_runs.hpp) of `run`'s settings with
// samples_per_process_pair(total_samples, pairs) samples and 1 / pairs of
// its measurement time and of its warm-up.
std::vector<std::string> process_pair_arguments(const options::run_options& run, int total_samples, int pairs);

}  // namespace benchgate::paired
