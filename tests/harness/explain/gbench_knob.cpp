// A small Google Benchmark suite for benchgate explain's tests, built twice
// (tests/harness/explain/CMakeLists.txt): with BENCHGATE_TEST_REGRESSION_GBENCH
// checksum_bytes() mixes each byte twice, a known regression in one named
// function; sum_words() is the same in both builds.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

// FNV-1a's 64-bit prime (Fowler, Noll, Vo): any odd multiplier would do.
constexpr std::uint64_t k_prime = 0x100000001b3ULL;
constexpr std::size_t k_bytes = 256;

[[gnu::noinline]] std::uint64_t checksum_bytes(const std::vector<std::uint8_t>& data) {
  std::uint64_t h = 0;
  for (const auto b : data) {
    h = (h ^ b) * k_prime;
#ifdef BENCHGATE_TEST_REGRESSION_GBENCH
    h = (h ^ (h >> 29)) * k_prime;
#endif
  }
  return h;
}

[[gnu::noinline]] std::uint64_t sum_words(const std::vector<std::uint8_t>& data) {
  std::uint64_t s = 0;
  for (std::size_t i = 0; i + 8 <= data.size(); i += 8) s += data[i] | (std::uint64_t{data[i + 4]} << 32);
  return s;
}

void BM_checksum(benchmark::State& state) {
  std::vector<std::uint8_t> data(k_bytes);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());  // the bytes may change: nothing is hoisted
    benchmark::DoNotOptimize(checksum_bytes(data));
    benchmark::DoNotOptimize(sum_words(data));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_checksum);

void BM_other(benchmark::State& state) {
  std::vector<std::uint8_t> data(k_bytes);
  for (auto _ : state) benchmark::DoNotOptimize(sum_words(data));
}
BENCHMARK(BM_other);

}  // namespace

BENCHMARK_MAIN();
