#pragma once
// Running one cell of one build under valgrind's callgrind and reading its
// profile (benchgate explain). Two kinds of builds:
//   - a benchgate driver: `DRIVER run --case C --param A=V... --filter ^CELL$
//     --measure instructions` as the measuring child itself (collection only
//     around the counted iterations, docs/instructions.md), keeping each
//     sample's dump; the iterations are the results file's;
//   - a Google Benchmark executable: `EXE --benchmark_filter=^NAME$` with
//     the counts zeroed when the timed loop starts and dumped when it ends
//     (callgrind's --zero-before and --dump-before on Google Benchmark's
//     State::StartKeepRunning and FinishKeepRunning); the last loop is the
//     run Google Benchmark reports, so its dump is divided by the iterations
//     of the JSON it writes (a fixed count is not possible in 1.7.1:
//     --benchmark_min_time takes seconds only).

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/explain/profile_diff.hpp"

namespace benchgate::explain {

// Where a side comes from: `label` ("OLD", "NEW") names it in messages.
struct build_side {
  std::filesystem::path binary;
  std::string label;
};

// The profile of benchgate cell `cell` (case/variant/axis:value/...) in the
// driver `side`, per iteration over its 3 instruction samples. Throws
// input_error when the binary is missing, the name is not a cell name, the
// driver's run fails (its message quoted) or runs no cell of that name.
// With `cache_sim` callgrind simulates the caches too (run/cache_sim.hpp:
// the driver runs with --cache-sim, its warm-up sample's dump discarded).
profile_side profile_driver_cell(const std::filesystem::path& valgrind, const build_side& side, const std::string& cell,
                                 bool cache_sim = false);

// The profile of Google Benchmark benchmark `name` in executable `side`,
// run for `min_time_s` seconds under callgrind (--benchmark_min_time).
// Throws input_error when the binary is missing or not a Google Benchmark
// executable, when no benchmark has that name (some names listed), or when
// the run fails.
profile_side profile_gbench_benchmark(const std::filesystem::path& valgrind, const build_side& side,
                                      const std::string& name, double min_time_s, bool cache_sim = false);

}  // namespace benchgate::explain
