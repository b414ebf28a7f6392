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
// s; the cell then gets round(PCT / 100 * t / s) steps (benchgate::detail::spin fences
// them off from the body, so each costs s there too). Both pilots are short
// (median of a few repetitions), so on a noisy machine the slowdown is PCT
// give or take the pilot's own error; the comparison measures what was
// actually added.

#include <cstdint>
#include <optional>

#include "benchgate/case.hpp"

namespace benchgate::run {

// CPU nanoseconds per spin step (benchgate::detail::spin), from a short Google
// Benchmark run.
double measure_spin_step_ns();

// Median CPU nanoseconds per iteration of `body` with no extra work, from a
// short Google Benchmark run; nullopt when the body fails (state.fail).
std::optional<double> pilot_time_ns(const benchgate::bench_body& body);

// round(pct / 100 * cell_ns / step_ns); 0 when any input is not positive.
std::uint64_t spin_steps_for(double pct, double cell_ns, double step_ns);

}  // namespace benchgate::run
