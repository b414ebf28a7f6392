// A small Google Benchmark suite for `ab --measure allocations` on plain
// Google Benchmark executables (issue 37), built twice
// (tests/harness/run/CMakeLists.txt): with BENCHGATE_TEST_REGRESSION_GBENCH_ALLOC
// BM_parse allocates one more block per iteration (a std::string too long
// for the small-string buffer); BM_steady is the same in both builds.
// BM_parse's fixture-like set-up and its first-iteration cache allocate
// too: neither may show in the per-iteration counts.

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr std::size_t k_words = 4;
constexpr std::size_t k_set_up_blocks = 16;
constexpr std::size_t k_set_up_bytes = 1000;
constexpr std::size_t k_malloc_bytes = 100;

// Allocated once, on the first call (a lazy cache): counted by the
// first iteration of the first timed loop only.
const std::vector<int>& lazy_table() {
  static const std::vector<int> table(64, 1);
  return table;
}

void BM_parse(benchmark::State& state) {
  std::vector<std::unique_ptr<char[]>> set_up;  // outside the loop: not counted
  for (std::size_t i = 0; i < k_set_up_blocks; ++i) set_up.push_back(std::make_unique<char[]>(k_set_up_bytes));
  for (auto _ : state) {
    std::vector<int> words(k_words, lazy_table()[0]);  // one block through operator new
    void* raw = std::malloc(k_malloc_bytes);           // one block straight from malloc
    benchmark::DoNotOptimize(raw);
    std::free(raw);
#ifdef BENCHGATE_TEST_REGRESSION_GBENCH_ALLOC
    std::string added(48, 'x');  // the regression: one more block
    benchmark::DoNotOptimize(added.data());
#endif
    benchmark::DoNotOptimize(words.data());
  }
}
BENCHMARK(BM_parse);

void BM_steady(benchmark::State& state) {
  std::vector<int> data(k_words, 1);
  for (auto _ : state) {
    data[0] += 1;
    benchmark::DoNotOptimize(data.data());
  }
}
BENCHMARK(BM_steady);

}  // namespace

BENCHMARK_MAIN();
