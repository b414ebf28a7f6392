// A plain Google Benchmark source file, written as a team using Google
// Benchmark alone would write it (no benchgate include): BENCHMARK with
// Range, a fixture (BENCHMARK_DEFINE_F and BENCHMARK_F), a templated
// benchmark, user counters, items and bytes processed. The test links it
// with benchgate::main, unchanged (tests/examples/gbench_suite_test).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

static void BM_sum_naive(benchmark::State& state) {
  const std::vector<std::int64_t> values(static_cast<std::size_t>(state.range(0)), 3);
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (const auto v : values) {
      sum += v;
      benchmark::DoNotOptimize(sum);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_sum_naive)->Range(8, 64);

static void BM_sum_fast(benchmark::State& state) {
  const std::vector<std::int64_t> values(static_cast<std::size_t>(state.range(0)), 3);
  for (auto _ : state) {
    auto sum = std::accumulate(values.begin(), values.end(), std::int64_t{0});
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["elements"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_sum_fast)->Range(8, 64);

class Buffer : public benchmark::Fixture {
 public:
  void SetUp(const benchmark::State& state) override {
    source.assign(static_cast<std::size_t>(state.range(0)), 'x');
    target.assign(source.size(), 0);
  }
  void TearDown(const benchmark::State&) override {
    source.clear();
    target.clear();
  }
  std::vector<char> source;
  std::vector<char> target;
};

BENCHMARK_DEFINE_F(Buffer, Copy)(benchmark::State& state) {
  for (auto _ : state) {
    std::memcpy(target.data(), source.data(), source.size());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(source.size()));
}
BENCHMARK_REGISTER_F(Buffer, Copy)->Arg(256)->Arg(4096);

// A fixture without arguments, through BENCHMARK_F.
class Table : public benchmark::Fixture {
 public:
  static constexpr std::size_t k_entries = 64;
  void SetUp(const benchmark::State&) override { entries.assign(k_entries, 7); }
  std::vector<int> entries;
};

BENCHMARK_F(Table, Lookup)(benchmark::State& state) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(entries[i]);
    i = (i + 1) % entries.size();
  }
}

template <typename T>
static void BM_fill(benchmark::State& state) {
  std::vector<T> values(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    std::fill(values.begin(), values.end(), T{1});
    benchmark::ClobberMemory();
  }
}
BENCHMARK_TEMPLATE(BM_fill, int)->Arg(16);
