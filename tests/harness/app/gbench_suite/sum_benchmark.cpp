// A small Google Benchmark suite of our own, as a user would write one: the
// report of its JSON must read as well as benchgate's own runs
// (consistency_cli_test.cpp, "OwnGoogleBenchmarkSuite..."). Each benchmark
// checks its result and reports SkipWithError when it is wrong.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

// Sum of 0 .. n-1: the check every iteration's result must pass.
std::uint64_t expected_sum(std::uint64_t n) { return n * (n - 1) / 2; }

void BM_Sum(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  std::vector<std::uint64_t> values(n);
  std::iota(values.begin(), values.end(), std::uint64_t{0});
  std::uint64_t sum = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(values.data());
    sum = std::accumulate(values.begin(), values.end(), std::uint64_t{0});
    benchmark::DoNotOptimize(sum);
  }
  if (sum != expected_sum(n)) state.SkipWithError("wrong sum");
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n * sizeof(std::uint64_t)));
}
BENCHMARK(BM_Sum)->RangeMultiplier(4)->Range(1024, 65536);

}  // namespace

BENCHMARK_MAIN();
