// A small Google Benchmark suite for the cache-simulation tests of benchgate
// explain (issue 37, item 4), built twice (tests/harness/explain/
// CMakeLists.txt): BM_walk reads the same number of words in both builds
// with the same instructions, but with BENCHGATE_TEST_CACHE_STRIDE_WORDS=8
// one word per 64-byte line over 16 MiB (twice the simulated 8 MiB
// last-level cache: every read goes to RAM) instead of consecutive words
// over 2 MiB (one L1 miss per line, served by the last level). BM_same is
// the same in both builds.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

#ifndef BENCHGATE_TEST_CACHE_STRIDE_WORDS
#define BENCHGATE_TEST_CACHE_STRIDE_WORDS 1
#endif
constexpr std::size_t k_stride_words = BENCHGATE_TEST_CACHE_STRIDE_WORDS;
// 2^21 words of 8 bytes: 16 MiB, twice the simulated last-level cache.
constexpr std::size_t k_buffer_words = std::size_t{1} << 21;
// Reads per iteration: 2 MiB of consecutive words, or 16 MiB of lines.
constexpr std::size_t k_reads = std::size_t{1} << 18;
constexpr std::size_t k_small_words = 512;

[[gnu::noinline]] std::uint64_t walk(const std::vector<std::uint64_t>& data, std::size_t stride) {
  std::uint64_t sum = 0;
  std::size_t index = 0;
  const std::size_t mask = data.size() - 1;
  for (std::size_t i = 0; i < k_reads; ++i) {
    sum += data[index];
    index = (index + stride) & mask;
  }
  return sum;
}

[[gnu::noinline]] std::uint64_t sum_small(const std::vector<std::uint64_t>& data) {
  std::uint64_t sum = 0;
  for (const auto word : data) sum += word;
  return sum;
}

void BM_walk(benchmark::State& state) {
  std::vector<std::uint64_t> data(k_buffer_words, 1);
  // Opaque to the optimizer: both builds compile the same instructions
  // and differ only in the value.
  std::size_t stride = k_stride_words;
  benchmark::DoNotOptimize(stride);
  for (auto _ : state) benchmark::DoNotOptimize(walk(data, stride));
}
BENCHMARK(BM_walk);

void BM_same(benchmark::State& state) {
  std::vector<std::uint64_t> data(k_small_words, 1);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    benchmark::DoNotOptimize(sum_small(data));
  }
}
BENCHMARK(BM_same);

}  // namespace

BENCHMARK_MAIN();
