#pragma once
// The noise floor of some cells on this machine (`benchgate calibrate`), as
// written to calibration JSON (schema benchgate.calibration/1, documented in
// docs/instructions.md). Changes are fractions of the old side's mean.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/diff_model.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::results {

inline constexpr const char* calibration_schema = "benchgate.calibration/1";

// One cell over every repeat: A/A (two runs of the same code) and B/C (C with
// the injected slowdown).
struct calibration_cell {
  std::string name;
  std::size_t repeats = 0;           // A/A and B/C comparisons made
  std::size_t false_alarms = 0;      // A/A comparisons judged improved or regressed
  std::size_t detections = 0;        // B/C comparisons judged regressed
  double aa_abs_change_p95 = 0;      // P95 of |A/A mean change| over the repeats
  double aa_half_width_p95 = 0;      // P95 of the A/A change interval's half-width
  double injected_change = 0;        // median measured B/C mean change (what was added)
  double injected_half_width_p95 = 0;  // P95 of the B/C change interval's half-width
  // The smallest slowdown a comparison at these settings flags as regressed
  // with its interval clear of the threshold: noise threshold + the larger
  // half-width (a regression needs its interval's lower end above it).
  double smallest_detectable = 0;
  // max(noise threshold, 1.5 x aa_abs_change_p95), rounded up to 1 %.
  double suggested_threshold = 0;
};

struct calibration {
  environment env;
  settings run_settings;                 // of the A runs (the C runs add the slowdown)
  comparison_settings compared;          // how each pair was compared
  std::size_t repeats = 0;
  double slowdown_pct = 0;               // requested injected slowdown
  std::vector<calibration_cell> cells;
  std::size_t false_alarms = 0;          // over all cells and repeats
  std::size_t detections = 0;
  std::size_t comparisons = 0;           // cells x repeats (per kind)
  std::vector<std::string> not_compared;  // "name: reason" of cells that failed
};

}  // namespace benchgate::results
