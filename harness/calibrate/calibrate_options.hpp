#pragma once
// Options of `benchgate calibrate`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/run/run_options.hpp"
#include "harness/calibrate/calibration_model.hpp"
#include "harness/stats/change.hpp"

namespace benchgate::options {

inline constexpr int k_default_calibration_repeats = 5;
inline constexpr int k_min_calibration_repeats = 1;
inline constexpr double k_default_calibration_slowdown_pct = 10;
// gate --confirm's rounds in `--for gate` tries: what docs/gate.md
// recommends for a CI gate.
inline constexpr int k_default_calibration_confirm = 2;

struct calibrate_options {
  calibrate::calibration_target target = calibrate::calibration_target::compare;  // --for
  // The cells and timing of each run: run's selection and timing options.
  run_options run;
  // The same, as given: what `--for gate` passes to each `run` and `--for
  // ab` to each `ab`.
  std::vector<std::string> run_args;
  int repeats = k_default_calibration_repeats;              // A/A/C rounds; gate, ab: tries of each experiment
  double slowdown_pct = k_default_calibration_slowdown_pct;  // injected in C
  double noise_threshold = stats::k_default_noise_threshold;  // fraction, of the comparisons
  // gate and ab only:
  std::optional<std::string> slowdown_filter;  // --slowdown-filter: the cells slowed; none: all
  int confirm = k_default_calibration_confirm;  // --confirm N of each gate
  std::vector<std::string> command_args;        // --command-arg: more options of each gate or ab
  std::optional<std::filesystem::path> keep_dir;  // --keep-dir: every try's files; none: a temporary folder
  std::optional<std::filesystem::path> json_out;  // --json: benchgate.calibration/1 (compare) or /2
  std::optional<std::filesystem::path> text_out;  // --text-out: the report
};

}  // namespace benchgate::options
