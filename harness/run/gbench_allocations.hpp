#pragma once
// Allocations of plain Google Benchmark executables (`ab --gbench --measure
// allocations`, docs/allocations.md): each measured process runs with
// benchgate's LD_PRELOAD library (harness/alloc_preload/), which counts
// the blocks allocated within each timed loop of the benchmark and appends
// one line a loop to a record file; these read it back as the sample's
// per-iteration counters.

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace benchgate::run {

// The library's file name, and the environment variable that names another
// place for it (a driver built on benchgate::main far from an installed
// benchgate).
inline constexpr const char* k_alloc_preload_file = "libbenchgate_alloc_preload.so";
inline constexpr const char* k_alloc_preload_variable = "BENCHGATE_ALLOC_PRELOAD";

// The preload library: $BENCHGATE_ALLOC_PRELOAD when set, else beside
// `executable` (the build tree: build/benchgate), else in the installed
// lib/benchgate/ relative to it (bin/benchgate). Throws input_error naming
// the places looked in when none has it.
std::filesystem::path find_alloc_preload(const std::filesystem::path& executable);

// The environment entries of a counted process: the library preloaded,
// its records appended to `record`.
std::vector<std::string> alloc_preload_environment(const std::filesystem::path& library,
                                                   const std::filesystem::path& record);

// The sample counters (allocations, frees, bytes_allocated, peak_bytes:
// formats/metric.hpp) of the process whose records are in `record`: its
// last loop (the run Google Benchmark reports) divided by that run's
// `iterations`; the peak is not divided. `what` names the process in
// errors. Throws input_error when the file is missing, holds no loop (a
// binary whose libbenchmark is linked statically cannot be counted), or a
// malformed line.
std::vector<std::pair<std::string, double>> read_loop_allocations(const std::filesystem::path& record,
                                                                   std::int64_t iterations, const std::string& what);

}  // namespace benchgate::run
