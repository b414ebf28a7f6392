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

struct explain_options {
  std::filesystem::path old_binary;
  std::filesystem::path new_binary;
  std::string cell;            // benchgate cell name, or Google Benchmark name with gbench
  bool gbench = false;         // OLD and NEW are Google Benchmark executables
  std::size_t top = k_default_explain_top;
  std::optional<double> time_change_pct;  // the cell's measured time change (from a time gate)
  double min_time_s = k_default_explain_min_time_s;
  std::optional<std::filesystem::path> json;  // benchgate.explain/1, written atomically
};

}  // namespace benchgate::options
