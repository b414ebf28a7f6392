// Google Benchmark loops that free and allocate alike, some through
// realloc, for the preloaded allocation counter's test
// (alloc_preload_test.cpp): BM_held<true> must be counted exactly as
// BM_held<false>, BM_freed<true> as BM_freed<false>. Fixed iterations: one
// timed loop per benchmark, so one record line each, in registration order.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <limits>

namespace {

constexpr std::int64_t k_iterations = BENCHGATE_REALLOC_ITERATIONS;  // CMakeLists.txt: the test's too
constexpr std::size_t k_block_bytes = 100;
constexpr std::size_t k_grown_bytes = 200;
// More than PTRDIFF_MAX: glibc refuses it at once, with no attempt to map
// memory (malloc.c, checked_request2size), so the realloc surely fails.
constexpr std::size_t k_impossible_bytes = std::numeric_limits<std::size_t>::max() / 2 + 1;

// A value the compiler cannot see through: for a size, as GCC warns (an
// error with -Werror) about a constant allocation size above PTRDIFF_MAX
// and could fold realloc(p, 0); for a block, so that no malloc and free
// pair is elided.
template <class T>
T opaque(T value) {
  benchmark::DoNotOptimize(value);
  return value;
}

// A block that realloc failed to resize is still the caller's, to use and
// free (realloc(3)); GCC 12 cannot tell the call failed and warns about
// every use of the pointer after it (-Wuse-after-free, on in -Wall).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuse-after-free"

// Two blocks live at once, the first held across the second; with
// `failed_realloc`, a realloc of the held block fails before the second. The
// held block stays live: the same blocks, bytes, frees and peak either way.
template <bool failed_realloc>
void BM_held(benchmark::State& state) {
  for (auto _ : state) {
    void* held = opaque(std::malloc(k_block_bytes));
    if constexpr (failed_realloc) {
      void* failed = opaque(std::realloc(held, opaque(k_impossible_bytes)));
      if (failed != nullptr) {
        state.SkipWithError("realloc of an impossible size succeeded");
        held = failed;
      }
    }
    std::free(opaque(std::malloc(k_block_bytes)));
    std::free(held);
  }
}
BENCHMARK_TEMPLATE(BM_held, false)->Iterations(k_iterations);
BENCHMARK_TEMPLATE(BM_held, true)->Iterations(k_iterations);

// One block, allocated and freed: by free, or with `by_realloc` by realloc
// to size 0, which glibc does (realloc(3)). The same counts either way.
template <bool by_realloc>
void BM_freed(benchmark::State& state) {
  for (auto _ : state) {
    void* block = opaque(std::malloc(k_block_bytes));
    if constexpr (by_realloc) {
      if (opaque(std::realloc(block, opaque<std::size_t>(0))) != nullptr) state.SkipWithError("realloc to size 0 returned a block");
    } else {
      std::free(block);
    }
  }
}
BENCHMARK_TEMPLATE(BM_freed, false)->Iterations(k_iterations);
BENCHMARK_TEMPLATE(BM_freed, true)->Iterations(k_iterations);

// One block grown by realloc, then freed: two allocations (malloc, realloc)
// and two frees (realloc's of the old block, free), whether glibc moves it
// or grows it in place. Alone: how many bytes an
// in-place growth hands out depends on the free chunk after the block.
void BM_grown_realloc(benchmark::State& state) {
  for (auto _ : state) {
    void* block = opaque(std::malloc(k_block_bytes));
    void* grown = opaque(std::realloc(block, opaque(k_grown_bytes)));
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
