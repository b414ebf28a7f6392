// Three tiny benchmarks whose work is set in work.hpp, which the end-to-end
// test rewrites commit by commit. Each does a fixed number of steps of a
// dependent chain (every step waits for the one before), so its time scales
// with the step count alone: 30 % more steps is 30 % more time, whatever
// the cache or branch predictor does.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>

#include "work.hpp"

namespace {

// steps of a 64-bit linear congruential generator (Knuth's MMIX constants);
// the count goes through DoNotOptimize so the compiler cannot fold the loop.
std::uint64_t lcg_chain(int steps) {
  benchmark::DoNotOptimize(steps);
  std::uint64_t x = 1;
  for (int i = 0; i < steps; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  }
  return x;
}

// A load spike, simulated: the end-to-end test sets E2E_EXTRA_WORK_PCT for
// one commit's main run, so that its whole run is slower, as on a busy
// runner, while the code (and every pr run) stays the same.
int with_spike(int steps) {
  const char* extra = std::getenv("E2E_EXTRA_WORK_PCT");
  if (extra == nullptr) return steps;
  return static_cast<int>(steps * (1 + std::atof(extra) / 100));
}

void BM_chain(benchmark::State& state) {
  const int steps = with_spike(work::chain_steps);
  for (auto _ : state) benchmark::DoNotOptimize(lcg_chain(steps));
}
void BM_scan(benchmark::State& state) {
  const int steps = with_spike(work::scan_steps);
  for (auto _ : state) benchmark::DoNotOptimize(lcg_chain(steps));
}
void BM_mix(benchmark::State& state) {
  const int steps = with_spike(work::mix_steps);
  for (auto _ : state) benchmark::DoNotOptimize(lcg_chain(steps));
}

}  // namespace

BENCHMARK(BM_chain);
BENCHMARK(BM_scan);
BENCHMARK(BM_mix);
