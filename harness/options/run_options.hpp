#pragma once
// Options of `benchgate run`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/suite/param_point.hpp"

namespace benchgate::options {

// Criterion's defaults (STATS.md): 100 samples; warm-up 3 s and measurement
// 5 s. Here the times are per grid point and shared by its interleaved
// variants, so a 18-point grid takes minutes, not hours.
inline constexpr int k_default_samples = 100;
inline constexpr int k_min_samples = 10;
inline constexpr double k_default_measurement_time_s = 5.0;
inline constexpr double k_default_warmup_s = 3.0;
// --quick lowers them.
inline constexpr int k_quick_samples = 10;
inline constexpr double k_quick_measurement_time_s = 0.5;
inline constexpr double k_quick_warmup_s = 0.1;

struct run_options {
  std::vector<std::string> cases;                 // empty: every case
  std::optional<std::string> filter;              // ECMAScript regex, searched in cell names
  std::vector<suite::axis_values> params;         // --param overrides, checked
  std::optional<int> samples;                     // --samples; else the case's or the default
  double measurement_time_s = k_default_measurement_time_s;
  double warmup_s = k_default_warmup_s;
  std::optional<double> min_time_s;               // per sample, overrides the split
  bool quick = false;
  bool interleave = true;
  std::vector<std::filesystem::path> inputs;      // --input files (exist, regular)
  std::optional<std::filesystem::path> out;       // results JSON
  std::optional<std::filesystem::path> text_out;  // the text report
};

}  // namespace benchgate::options
