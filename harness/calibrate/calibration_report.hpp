#pragma once
// The text report of `benchgate calibrate`: one row per cell, then totals;
// with --for gate or ab, one line per try, then each experiment's sums.

#include <string>

#include "harness/calibrate/calibration_model.hpp"

namespace benchgate::calibrate {

std::string calibration_report(const calibration& c);

// One try's line ("aa 1: exit 0, 0 failing of 2 cells, 0 unstable, 4.2 s");
// with `of` > 0 ("aa 1 of 5: ..."), as each try ends.
std::string calibration_try_line(const std::string& experiment, const calibration_try& t, int of = 0);

std::string calibration_tries_report(const calibration_tries& c);

}  // namespace benchgate::calibrate
