#pragma once
// The noise floor of each cell from repeated comparisons (`benchgate
// calibrate`): A/A comparisons (the same code twice) give the false alarms
// and the spread of a null change; B/C comparisons (C with an injected
// slowdown) give the detections. Pure computation.

#include <span>

#include "harness/calibrate/calibration_model.hpp"
#include "harness/compare/diff_model.hpp"

namespace benchgate::calibrate {

// Fills c.cells, the totals and c.not_compared from one A/A and one B/C
// diff per repeat (same length). Cells are listed in the order of the first
// A/A diff; a cell missing from some diff counts the repeats it is in.
void summarize(calibration& c, std::span<const compare::diff> aa, std::span<const compare::diff> bc);

// max(noise_threshold, 1.5 x aa_abs_change_p95), rounded up to a whole
// percent.
double suggested_threshold(double noise_threshold, double aa_abs_change_p95);

}  // namespace benchgate::calibrate
