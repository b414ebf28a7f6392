#pragma once
// The injected slowdown (`run --inject-slowdown PCT`): a harness test knob
// that adds a known amount of work to chosen cells, so that one can check a
// comparison reports a known regression (and, with 0, measure false alarms).
// The work is benchgate::detail::loop_knobs::extra_spin_steps: spin steps after each
// iteration of the case's body, inside the timed loop. Cases know nothing
// of it.
//
// Calibration: a pilot run of the cell without extra work gives its CPU time
// per iteration t; a run of the bare spin loop gives the CPU time of one step
// s. The steps cost more in the cell than alone: the call and the fences
// around them, and the overlap of one iteration with the next that the
// fences end (on a 470 ns cell, +20 % by t and s alone measured +30 %). So a
// second pilot runs the cell with round(PCT / 100 * t / s) steps; what it
// adds beyond those steps' own time is the overhead o, and the cell gets
// round((PCT / 100 * t - o) / s) steps. The pilots are short (median of a
// few repetitions), so on a noisy machine the slowdown is PCT give or take
// their own error; the comparison measures what was actually added.

#include <cstdint>
#include <optional>

#include "benchgate/case.hpp"

namespace benchgate::run {

// CPU nanoseconds per spin step (benchgate::detail::spin), from a short Google
// Benchmark run.
double measure_spin_step_ns();

// Median CPU nanoseconds per iteration of `body` with `extra_spin_steps`
// after each iteration, from a short Google Benchmark run; nullopt when the
// body fails (state.fail).
std::optional<double> pilot_time_ns(const benchgate::bench_body& body, std::uint64_t extra_spin_steps);

// round((pct / 100 * cell_ns - overhead_ns) / step_ns), the overhead
// counted within [0, cell_ns] (a noisy pilot's is not believed beyond one
// iteration's time), at least 1 (the least that can be added, when the overhead
// alone is the slowdown); 0 when pct, cell_ns or step_ns is not positive.
std::uint64_t spin_steps_for(double pct, double cell_ns, double step_ns, double overhead_ns = 0);

// The steps that slow `body` by `pct` percent, from the two pilots above;
// steps 0 and pilot_ns 0 when the body fails.
struct injected_work {
  std::uint64_t steps = 0;
  double pilot_ns = 0;     // t, the bare cell
  double overhead_ns = 0;  // o, what the steps cost beyond their own time
};
injected_work calibrate_slowdown(const benchgate::bench_body& body, double pct, double step_ns);

}  // namespace benchgate::run
