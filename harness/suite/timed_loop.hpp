#pragma once
// The timed loop every case body runs, so that the harness's knobs apply to
// every case without the cases knowing about them.

#include <benchmark/benchmark.h>

#include <cstdint>

namespace benchgate::suite {

// Set by the harness, never by a case.
struct loop_knobs {
  // Extra work added to every iteration, in spin steps (one dependent add
  // each): the injected slowdown that calibrate and the A/A tests use to
  // check that a known regression is detected. 0 adds nothing.
  std::uint64_t extra_spin_steps = 0;
};

// Spins `steps` dependent steps that the compiler cannot remove.
inline void spin(std::uint64_t steps) {
  for (std::uint64_t i = 0; i < steps; ++i) {
    benchmark::DoNotOptimize(i);
  }
}

// Runs `body()` once per benchmark iteration, plus the knobs' extra work.
template <class Body>
inline void timed_loop(benchmark::State& state, const loop_knobs& knobs, Body&& body) {
  if (knobs.extra_spin_steps == 0) {
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
