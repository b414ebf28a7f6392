#pragma once
// `benchgate calibrate`: per repeat, runs the selected cells three times in
// this process (A and B alike, C with the injected slowdown of run/slowdown.hpp),
// compares A with B and B with C on CPU time with compare's statistics, and
// summarizes the noise floor (noise_floor.hpp).

#include <functional>
#include <string>

#include "harness/calibrate/calibrate_options.hpp"
#include "harness/calibrate/calibration_model.hpp"
#include "harness/run/runner.hpp"
#include "harness/suite/registry.hpp"

namespace benchgate::calibrate {

// Told before each run: repeat (from 0), which run ("A", "B" or "C").
using run_started = std::function<void(int repeat, const std::string& run)>;

// Throws input_error on a selection that matches nothing (as run does).
calibration calibrate(const options::calibrate_options& options, const suite::registry& cases,
                      run::run_observer& observer, const run_started& started);

}  // namespace benchgate::calibrate
