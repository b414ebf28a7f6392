#pragma once
// Timing a point of plain Google Benchmark registrations
// (plain_plan.hpp): each sample is one repetition of the benchmark as
// Google Benchmark runs it (its own iteration count, sized to the point's
// min time per sample; fixtures' SetUp and TearDown around each run,
// threads as registered), captured through the public reporter interface.

#include <span>
#include <vector>

#include "harness/run/plan.hpp"
#include "harness/run/timing_session.hpp"

namespace benchgate::process {
class lockstep;
}

namespace benchgate::run {


class plain_session final : public timing_session {
 public:
  // `planned.plain` is set. `interleave`: the run's random interleaving.
  // `turns`: a lockstep partner, with whom every sample is one turn.
  plain_session(const planned_point& planned, bool interleave, process::lockstep* turns);

  bool timable() const override { return true; }
  std::vector<results::cell>& cells() override { return cells_; }
  // Without turns: one RunSpecifiedBenchmarks call per batch size, of the
  // cells taking that many samples, as repetitions (randomly interleaved by
  // Google Benchmark when the run interleaves). With turns: one call per
  // sample, the cells in random order (if interleaving) within each sample
  // index, a turn after each. The point's warm-up precedes a cell's first
  // sample of the session only.
  void time(std::span<const int> samples) override;

 private:
  // One call of Google Benchmark for the cells `which`, `repetitions` each.
  void run_batch(const std::vector<std::size_t>& which, int repetitions, bool interleave);

  const planned_point& planned_;
  bool interleave_;
  process::lockstep* turns_;
  std::vector<results::cell> cells_;
  std::vector<bool> warmed_;
};

}  // namespace benchgate::run
