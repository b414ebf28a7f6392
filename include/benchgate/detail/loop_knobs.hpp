#pragma once
// benchgate/detail/loop_knobs.hpp: internal to benchgate/timed_loop.hpp, not
// for a case: what the harness sets around each measured iteration (an
// injected slowdown, instruction counting) and the spin that makes the
// slowdown. A case never names these; they are installed only because
// state::loop is inline.
//
// Contract: with no knob set, state::loop adds nothing to the body; spin(0)
// does nothing; spin_steps(n) runs n dependent steps the compiler cannot
// remove, between two execution fences.

#include <benchmark/benchmark.h>

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#endif

namespace benchgate::detail {

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

// Set by the harness.
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

}  // namespace benchgate::detail
