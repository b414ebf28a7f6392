#pragma once
// Options of `benchgate calibrate`, validated.

#include <filesystem>
#include <optional>

#include "harness/run/run_options.hpp"
#include "harness/stats/change.hpp"

namespace benchgate::options {

inline constexpr int k_default_calibration_repeats = 5;
inline constexpr int k_min_calibration_repeats = 1;
inline constexpr double k_default_calibration_slowdown_pct = 10;

struct calibrate_options {
  // The cells and timing of each run: run's selection and timing options.
  run_options run;
  int repeats = k_default_calibration_repeats;              // A/A/C rounds
  double slowdown_pct = k_default_calibration_slowdown_pct;  // injected in C
  double noise_threshold = stats::k_default_noise_threshold;  // fraction, of the comparisons
  std::optional<std::filesystem::path> json_out;  // --json: benchgate.calibration/1
  std::optional<std::filesystem::path> text_out;  // --text-out: the report
};

}  // namespace benchgate::options
