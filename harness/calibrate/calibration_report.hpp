#pragma once
// The text report of `benchgate calibrate`: one row per cell, then totals.

#include <string>

#include "harness/calibrate/calibration_model.hpp"

namespace benchgate::report {

std::string calibration_report(const results::calibration& c);

}  // namespace benchgate::report
