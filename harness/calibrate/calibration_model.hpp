#pragma once
// The noise floor of some cells on this machine (`benchgate calibrate`), as
// written to calibration JSON (schema benchgate.calibration/1, documented in
// docs/formats.md). Changes are fractions of the old side's mean. The tries
// of `calibrate --for gate` and `--for ab` (benchgate.calibration/2) follow.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/compare/diff_model.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::calibrate {

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
  results::environment env;
  results::settings run_settings;        // of the A runs (the C runs add the slowdown)
  compare::comparison_settings compared; // how each pair was compared
  std::size_t repeats = 0;
  double slowdown_pct = 0;               // requested injected slowdown
  std::vector<calibration_cell> cells;
  std::size_t false_alarms = 0;          // over all cells and repeats
  std::size_t detections = 0;
  std::size_t comparisons = 0;           // cells x repeats (per kind)
  std::vector<std::string> not_compared;  // "name: reason" of cells that failed
};

// What `benchgate calibrate --for` measures: run-to-run `compare` (in this
// process, `calibration` above), or whole tries of `gate --confirm N` and of
// `ab` made by this binary's own commands (`calibration_tries` below).
enum class calibration_target { compare, gate, ab };
std::string_view to_string(calibration_target target);

inline constexpr const char* calibration_tries_schema = "benchgate.calibration/2";

// One try: two runs gated (gate) or one `ab`, judged by its verdict JSON.
struct calibration_try {
  std::size_t number = 0;            // from 1, within its experiment
  std::optional<int> exit_code;      // of the step that ended the try; none when a signal ended it
  std::string step;                  // that step: "gate" or "ab", or "run old" / "run new" when one failed
  std::size_t cells = 0;             // in the verdict
  std::size_t failing = 0;           // status fail
  std::size_t unstable = 0;          // status unstable
  std::size_t false_failing = 0;     // failing cells the slowdown did not touch (every failing one in A/A)
  std::size_t injected_cells = 0;    // cells the slowdown touched (0 in A/A)
  std::size_t detected = 0;          // of those, the failing ones
  double wall_s = 0;                 // the whole try, runs and confirmation included
};

// The tries of one experiment, "aa" (the same code on both sides) or
// "injected" (the new side slowed), and their sums.
struct calibration_experiment {
  std::string name;
  std::vector<calibration_try> tries;
  std::size_t exit_0 = 0;            // passed
  std::size_t exit_1 = 0;            // failed (a regression)
  std::size_t exit_3 = 0;            // too unstable to judge
  std::size_t other = 0;             // a run failed, or another exit code or a signal
  std::size_t false_failing = 0;
  std::size_t injected_cells = 0;
  std::size_t detected = 0;
  double wall_s = 0;
};

struct calibration_tries {
  calibration_target target = calibration_target::gate;
  results::environment env;
  std::vector<std::string> run_args;      // run's options, given to every run (gate) or to ab
  std::vector<std::string> command_args;  // --command-arg: given to every gate or ab
  int confirm = 0;                        // gate --confirm N (gate only)
  double slowdown_pct = 0;                // injected into the new side of the injected tries
  std::optional<std::string> slowdown_filter;  // the cells it is injected into; none: all
  std::vector<calibration_experiment> experiments;
};

}  // namespace benchgate::calibrate
