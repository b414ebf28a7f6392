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

#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#endif

namespace benchgate {

// Counts the instructions of the measured iterations (`run --measure
// instructions`). The harness implements it; the loop only says where the
// measured work starts and ends.
class instruction_counter {
 public:
  virtual ~instruction_counter() = default;
  // Before a sample's first iteration.
  virtual void begin_sample() = 0;
  // Around each counted iteration: counting is on only in between.
  virtual void resume() = 0;
  virtual void pause() = 0;
  // After the sample's last iteration; `counted` iterations were counted.
  virtual void end_sample(std::int64_t counted) = 0;
};

// Set by the harness, never by a case.
struct loop_knobs {
  // Extra work added to every iteration, in spin steps (one dependent add
  // each): the injected slowdown that calibrate and the A/A tests use to
  // check that a known regression is detected. 0 adds nothing.
  std::uint64_t extra_spin_steps = 0;
  // Instruction mode: count each iteration's instructions (the first
  // iteration of a sample is a warm-up and is not counted). nullptr: time.
  instruction_counter* counter = nullptr;
};

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

// On x86 lets no later instruction start before every earlier one is done
// (lfence); elsewhere nothing.
inline void execution_fence() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_lfence();
#endif
}

// Spins `steps` dependent steps that the compiler cannot remove. A fence
// before and after keeps the CPU from running the steps alongside the
// body's own work (without it, on page_iter's cells a step cost 40 to 55 %
// of its standalone time, so an injected +15 % added +7 %). No steps, no
// fences: instruction mode calls this on every counted iteration.
//
// The steps run in one out-of-line copy of the loop (spin_steps; noipa: not
// inlined, not cloned per constant step count), the same
// machine code wherever it is called from: inlined, each copy had its own
// code alignment, and one step cost 1 cycle in one copy and 2 in another
// (the calibration measured 0.55 ns a step, a cell's loop ran at 0.27 ns),
// so an injected slowdown came out at half or twice its percent.
[[gnu::noipa]] inline void spin_steps(std::uint64_t steps) {
  execution_fence();
  for (std::uint64_t i = 0; i < steps; ++i) {
    benchmark::DoNotOptimize(i);
  }
  execution_fence();
}

[[gnu::always_inline]] inline void spin(std::uint64_t steps) {
  if (steps == 0) return;
  spin_steps(steps);
}

// What a variant's timed body receives: the sample being measured.
class state {
 public:
  state(benchmark::State& gbench, const loop_knobs& knobs) noexcept : gbench_(gbench), knobs_(knobs) {}
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
        spin(steps);
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
    instruction_counter& counter = *knobs_.counter;
    counter.begin_sample();
    const std::uint64_t steps = knobs_.extra_spin_steps;
    std::int64_t counted = 0;
    bool warm = false;
    for (auto _ : gbench_) {
      if (!warm) {
        body();
        spin(steps);
        warm = true;
        continue;
      }
      counter.resume();
      body();
      spin(steps);
      counter.pause();
      ++counted;
    }
    counter.end_sample(counted);
  }

  benchmark::State& gbench_;
  const loop_knobs knobs_;
};

}  // namespace benchgate
