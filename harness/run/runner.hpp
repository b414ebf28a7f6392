#pragma once
// Runs a plan with Google Benchmark: one grid point at a time, the variants of
// a point interleaved by sample in random order, every sample captured.

#include <cstddef>
#include <span>
#include <vector>

#include "harness/formats/model.hpp"
#include "harness/run/plan.hpp"

namespace benchgate::process {
class lockstep;
}

namespace benchgate::run {


// Told about each grid point as the run goes (progress display, report).
class run_observer {
 public:
  virtual ~run_observer() = default;
  // Before each timing of a point: `index` counts from 0 up to `count`, the
  // number of point timings (points x rounds).
  virtual void point_started(std::size_t index, std::size_t count, const planned_point& point) = 0;
  // Once per point, after its last round: `index` and `count` number the
  // points. The cells of the point, in the point's variant order.
  virtual void point_finished(std::size_t index, std::size_t count, const planned_point& point,
                              std::span<const results::cell> cells) = 0;
};

// Prepares and times every point of `plan`; returns its cells in plan order.
// With plan.config.rounds = R > 1 the whole grid is timed R times, each time with
// about 1/R of every cell's samples, so that a cell's samples span the run:
// slow drift of a shared machine (other jobs starting and stopping) then
// shows as spread within the cell instead of a bias between two runs.
// A point whose preparation failed (variants disagree) gives cells with an
// error and no samples; a body that calls state.fail does the same.
// Cells chosen by the plan's injected slowdown get their extra work
// (slowdown.hpp) and two figures: injected_spin_steps, injected_pilot_ns.
// With `turns`, every Google Benchmark call of a body (a sample, or a
// warm-up or calibration call) ends this run's turn (lockstep.hpp).
std::vector<results::cell> execute(const run_plan& plan, run_observer& observer, process::lockstep* turns = nullptr);

// A whole run of `plan` (execute) as results: a new run id, the
// environment, the plan's settings and the cells. `builtin_only`: every
// case is one of benchgate's own; otherwise the git commit (benchgate's)
// is left out of the environment, as it is not that of the code measured.
// `turns` as for execute.
struct timed_run {
  results::run_results results;
  double elapsed_s = 0;  // the whole run's wall time
};
timed_run run_results_of(const run_plan& plan, run_observer& observer, process::lockstep* turns, bool builtin_only);

}  // namespace benchgate::run
