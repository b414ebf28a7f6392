#pragma once
// benchgate/timed_loop.hpp: the state a variant's timed body receives.
//
// Contract: a body (bench_body, benchgate/case.hpp) runs its measured work
// once per iteration through `state.loop([&] { ... })`, exactly once per
// call of the body; the harness decides how many iterations a sample has,
// times them, and applies its knobs (an injected slowdown, instruction
// counting) around each iteration. Work done before or after loop() is not
// measured. A body that finds a wrong result calls state.fail(message): the
// cell is reported as failed with that message (the run exits 1) and nothing
// is thrown. do_not_optimize()/clobber_memory() keep the compiler from
// deleting work whose result is unused. Everything here is inline and adds
// nothing to the measured loop: with no knob set, loop() is the same
// `for (auto _ : gbench_state) body();` a Google Benchmark user writes.
// No Google Benchmark type appears in a case unless it asks for gbench().

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "benchgate/detail/loop_knobs.hpp"

namespace benchgate {

// Keeps `value` (and what it points to) alive as if read by something the
// compiler cannot see. Google Benchmark's DoNotOptimize, the same overloads.
template <class T>
[[gnu::always_inline]] inline void do_not_optimize(const T& value) {
  benchmark::DoNotOptimize(value);
}
template <class T>
[[gnu::always_inline]] inline void do_not_optimize(T& value) {
  benchmark::DoNotOptimize(value);
}

// Every pending write to memory is done before the next statement.
[[gnu::always_inline]] inline void clobber_memory() { benchmark::ClobberMemory(); }

// What a variant's timed body receives: the sample being measured.
class state {
 public:
  // Made by the harness, never by a case.
  state(benchmark::State& gbench, const detail::loop_knobs& knobs) noexcept : gbench_(gbench), knobs_(knobs) {}
  state(const state&) = delete;
  state& operator=(const state&) = delete;

  // Runs `body()` once per iteration of the sample, plus the knobs' extra work.
  // Always inlined, so that the body is compiled with the caller's target
  // attributes (a body in a [[gnu::target("bmi2")]] function keeps them).
  template <class Body>
  [[gnu::always_inline]] inline void loop(Body&& body) {
    if (knobs_.counter != nullptr) {
      counted_loop(body);
    } else if (knobs_.extra_spin_steps == 0) {
      for (auto _ : gbench_) {
        body();
      }
    } else {
      const std::uint64_t steps = knobs_.extra_spin_steps;
      for (auto _ : gbench_) {
        body();
        detail::spin(steps);
      }
    }
  }

  // Inside loop(): stop and restart the clock around work that is not to be
  // measured (costly: a clock read each; prefer building inputs outside).
  void pause_timing() { gbench_.PauseTiming(); }
  void resume_timing() { gbench_.ResumeTiming(); }

  // Marks the cell failed with `message` ("result incorrect: ..."), after
  // loop() or instead of it.
  void fail(const std::string& message) { gbench_.SkipWithError(message.c_str()); }

  // The Google Benchmark state, for a body that wants it (counters, labels).
  benchmark::State& gbench() { return gbench_; }

 private:
  // Instruction mode: counting is switched on only around the body and the
  // extra work, so Google Benchmark's own loop and timers are not counted.
  // The first iteration warms caches and lazy initialisation up uncounted.
  template <class Body>
  [[gnu::always_inline]] inline void counted_loop(Body& body) {
    detail::instruction_counter& counter = *knobs_.counter;
    counter.begin_sample();
    const std::uint64_t steps = knobs_.extra_spin_steps;
    std::int64_t counted = 0;
    bool warm = false;
    for (auto _ : gbench_) {
      if (!warm) {
        body();
        detail::spin(steps);
        warm = true;
        continue;
      }
      counter.resume();
      body();
      detail::spin(steps);
      counter.pause();
      ++counted;
    }
    counter.end_sample(counted);
  }

  benchmark::State& gbench_;
  const detail::loop_knobs knobs_;
};

}  // namespace benchgate
