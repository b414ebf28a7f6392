#pragma once
// The timed loop every case body runs, so that the harness's knobs apply to
// every case without the cases knowing about them.

#include <benchmark/benchmark.h>

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#endif

namespace benchgate::suite {

// Counts the instructions of the measured iterations (`run --measure
// instructions`, run/callgrind_counter.hpp). The harness implements it; the
// loop only says where the measured work starts and ends.
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
inline void spin(std::uint64_t steps) {
  if (steps == 0) return;
  execution_fence();
  for (std::uint64_t i = 0; i < steps; ++i) {
    benchmark::DoNotOptimize(i);
  }
  execution_fence();
}

// Instruction mode: counting is switched on only around the body and the
// extra work, so Google Benchmark's own loop and timers are not counted.
// The first iteration warms caches and lazy initialisation up uncounted.
template <class Body>
inline void counted_loop(benchmark::State& state, const loop_knobs& knobs, Body&& body) {
  instruction_counter& counter = *knobs.counter;
  counter.begin_sample();
  std::int64_t counted = 0;
  bool warm = false;
  for (auto _ : state) {
    if (!warm) {
      body();
      spin(knobs.extra_spin_steps);
      warm = true;
      continue;
    }
    counter.resume();
    body();
    spin(knobs.extra_spin_steps);
    counter.pause();
    ++counted;
  }
  counter.end_sample(counted);
}

// Runs `body()` once per benchmark iteration, plus the knobs' extra work.
template <class Body>
inline void timed_loop(benchmark::State& state, const loop_knobs& knobs, Body&& body) {
  if (knobs.counter != nullptr) {
    counted_loop(state, knobs, body);
  } else if (knobs.extra_spin_steps == 0) {
    for (auto _ : state) {
      body();
    }
  } else {
    for (auto _ : state) {
      body();
      spin(knobs.extra_spin_steps);
    }
  }
}

}  // namespace benchgate::suite
