#pragma once
// `benchgate calibrate --for gate` and `--for ab`: whole commands tried on
// this machine, each try through this binary's own commands in new
// processes (so a try is exactly what a user's gate or ab does), read back
// from the verdict JSON each writes. N A/A tries (the same code on both
// sides) count the false failures; N injected tries (the new side slowed by
// run's --inject-slowdown in the cells of a filter) count the detections
// and the failures outside the filter.

#include <functional>
#include <optional>
#include <span>
#include <string>

#include "harness/calibrate/calibrate_options.hpp"
#include "harness/calibrate/calibration_model.hpp"
#include "harness/gate/gate_verdict_reader.hpp"

namespace benchgate::calibrate {

// Told after each try: its experiment ("aa" or "injected"), the try, and
// how many tries the experiment makes.
using try_finished = std::function<void(const std::string& experiment, const calibration_try& t, int of)>;

// Runs both experiments of options.target (gate or ab). Throws input_error
// when a step exits 2 (bad input or usage: every try would), quoting its log.
calibration_tries calibrate_tries(const options::calibrate_options& options, const try_finished& finished);

// The cell counts of a try from its verdict's cells: `injected` tries count
// the cells `filter` matches (all without one) as injected, the failing
// ones among them as detected and the other failing ones as false; A/A
// tries count every failing cell as false. Pure.
void count_cells(calibration_try& t, std::span<const gate::verdict_cell> cells,
                 const std::optional<std::string>& filter, bool injected);

// The sums of e.tries: exit codes and cell counts. Pure.
void tally(calibration_experiment& e);

}  // namespace benchgate::calibrate
