#pragma once
// Options of `benchgate explain OLD NEW --cell NAME` (docs/explain.md).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace benchgate::options {

// Functions listed by default.
inline constexpr std::size_t k_default_explain_top = 10;
// Google Benchmark's --benchmark_min_time under callgrind, in seconds: long
// enough for a few thousand iterations of a microsecond body at callgrind's
// ~50x slowdown, short enough for CI.
inline constexpr double k_default_explain_min_time_s = 0.05;
// With --verdict: failing cells explained at most, and the time after which
// no further cell is started (a driver cell takes a few seconds, a heavy
// one a minute: docs/explain.md).
inline constexpr int k_default_explain_max_cells = 5;
inline constexpr double k_default_explain_max_seconds = 600;

struct explain_options {
  std::filesystem::path old_binary;
  std::filesystem::path new_binary;
  std::string cell;            // benchgate cell name, or Google Benchmark name with gbench; "" with verdict
  // --verdict FILE: explain the cells a gate failed (benchgate.gate/1), at
  // most max_cells, starting none after max_seconds.
  std::optional<std::filesystem::path> verdict;
  int max_cells = k_default_explain_max_cells;
  double max_seconds = k_default_explain_max_seconds;
  bool gbench = false;         // OLD and NEW are Google Benchmark executables
  std::size_t top = k_default_explain_top;
  std::optional<double> time_change_pct;  // the cell's measured time change (from a time gate)
  double min_time_s = k_default_explain_min_time_s;
  bool cache_sim = false;      // callgrind's cache simulation too (run/cache_sim.hpp)
  std::optional<std::filesystem::path> json;      // benchgate.explain/1, written atomically
  std::optional<std::filesystem::path> markdown;  // the block for a gate's Markdown summary
  // The differential flame graph (SVG): of the one --cell, or with --verdict
  // one file per cell explained in a folder (explain_cells.hpp names them).
  std::optional<std::filesystem::path> flamegraph;
  std::optional<std::filesystem::path> flamegraph_dir;
};

}  // namespace benchgate::options
