// Google Benchmark loops that free and allocate alike, some through
// realloc, for the preloaded allocation counter's test
// (alloc_preload_test.cpp): each BM_*_realloc but the last must be counted
// exactly as the BM_*_plain registered before it. Fixed iterations: one timed loop per
// benchmark, so one record line each, in registration order.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <limits>

namespace {

constexpr std::int64_t k_iterations = 100;
constexpr std::size_t k_block_bytes = 100;
constexpr std::size_t k_grown_bytes = 200;
// More than PTRDIFF_MAX: glibc refuses it at once, with no attempt to map
// memory (malloc.c, checked_request2size), so the realloc surely fails.
constexpr std::size_t k_impossible_bytes = std::numeric_limits<std::size_t>::max() / 2 + 1;

// A size the compiler cannot see: GCC warns (an error with -Werror) about a
// constant allocation size above PTRDIFF_MAX, and could fold realloc(p, 0).
std::size_t opaque(std::size_t bytes) {
  benchmark::DoNotOptimize(bytes);
  return bytes;
}

// A block that realloc failed to resize is still the caller's, to use and
// free (realloc(3)); GCC 12 cannot tell the call failed and warns about
// every use of the pointer after it (-Wuse-after-free, on in -Wall).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuse-after-free"

// Two blocks live at once, the first held across the second.
void BM_failed_plain(benchmark::State& state) {
  for (auto _ : state) {
    void* held = std::malloc(k_block_bytes);
    benchmark::DoNotOptimize(held);
    void* second = std::malloc(k_block_bytes);
    benchmark::DoNotOptimize(second);
    std::free(second);
    std::free(held);
  }
}
BENCHMARK(BM_failed_plain)->Iterations(k_iterations);

// The same, with a failing realloc of the held block before the second: the
// held block stays live, so the same blocks, bytes, frees and peak.
void BM_failed_realloc(benchmark::State& state) {
  for (auto _ : state) {
    void* held = std::malloc(k_block_bytes);
    benchmark::DoNotOptimize(held);
    void* failed = std::realloc(held, opaque(k_impossible_bytes));
    benchmark::DoNotOptimize(failed);
    if (failed != nullptr) {
      state.SkipWithError("realloc of an impossible size succeeded");
      held = failed;
    }
    void* second = std::malloc(k_block_bytes);
    benchmark::DoNotOptimize(second);
    std::free(second);
    std::free(held);
  }
}
BENCHMARK(BM_failed_realloc)->Iterations(k_iterations);

// One block, allocated and freed.
void BM_zero_plain(benchmark::State& state) {
  for (auto _ : state) {
    void* block = std::malloc(k_block_bytes);
    benchmark::DoNotOptimize(block);
    std::free(block);
  }
}
BENCHMARK(BM_zero_plain)->Iterations(k_iterations);

// The same, freed by realloc to size 0, which glibc does (realloc(3)).
void BM_zero_realloc(benchmark::State& state) {
  for (auto _ : state) {
    void* block = std::malloc(k_block_bytes);
    benchmark::DoNotOptimize(block);
    void* left = std::realloc(block, opaque(0));
    benchmark::DoNotOptimize(left);
    if (left != nullptr) state.SkipWithError("realloc to size 0 returned a block");
  }
}
BENCHMARK(BM_zero_realloc)->Iterations(k_iterations);

// One block grown by realloc, then freed: a free and two allocations,
// whether glibc moves it or grows it in place. Alone: how many bytes an
// in-place growth hands out depends on the free chunk after the block.
void BM_grown_realloc(benchmark::State& state) {
  for (auto _ : state) {
    void* block = std::malloc(k_block_bytes);
    benchmark::DoNotOptimize(block);
    void* grown = std::realloc(block, opaque(k_grown_bytes));
    benchmark::DoNotOptimize(grown);
    if (grown == nullptr) {
      state.SkipWithError("realloc of a small size failed");
      grown = block;
    }
    std::free(grown);
  }
}
BENCHMARK(BM_grown_realloc)->Iterations(k_iterations);

#pragma GCC diagnostic pop

}  // namespace

BENCHMARK_MAIN();
