// The allocation counter of `ab --measure allocations` on plain Google
// Benchmark executables (docs/allocations.md, "Google Benchmark
// executables"): a shared library that benchgate puts into each measured
// process with LD_PRELOAD. Such a binary has no benchgate in it, so the
// counting is done from outside:
// - malloc, calloc, realloc, free, aligned_alloc, posix_memalign, memalign,
//   valloc and pvalloc are wrapped around glibc's own (__libc_*), and hence
//   operator new and delete, which call them from libstdc++;
// - benchmark::State::StartKeepRunning and FinishKeepRunning (libbenchmark's
//   exported functions that the inline `for (auto _ : state)` loop calls at
//   its start and end) are wrapped too, and counting is on only between
//   them: the timed loop of each run of the benchmark (every iteration-sizing
//   run included), not the process's start, the fixture's SetUp/TearDown or
//   the reporter.
// At the end of each loop it appends one line to the file named by
// BENCHGATE_ALLOC_OUT:
//   loop ALLOCATIONS FREES BYTES_ALLOCATED PEAK_BYTES
// benchgate divides the last line (the run Google Benchmark reports) by the
// iterations Google Benchmark reports (run/gbench_allocations.hpp).
// The counting itself is benchgate's one allocation tally
// (harness/support/allocations/), the driver's too.
//
// No C++ library here allocates or throws: this code runs inside malloc.

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// Header-only: this library links nothing of benchgate.
#include "harness/support/allocations/allocation_tally.hpp"

// glibc's allocator under its own names: calling them, not dlsym(RTLD_NEXT,
// "malloc"), needs no allocation to find them (dlsym itself calls calloc).
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* block, std::size_t size);
void __libc_free(void* block);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void* __libc_valloc(std::size_t size);
void* __libc_pvalloc(std::size_t size);
}

// libbenchmark's loop functions (Itanium mangling of
// benchmark::State::StartKeepRunning() and ::FinishKeepRunning(), stable
// since Google Benchmark 1.5). Macros, not constants: each name is both the
// asm label of a wrapper below and dlsym's argument for the real function,
// and `__asm__` takes only a string literal.
#define BENCHGATE_START_KEEP_RUNNING_SYMBOL "_ZN9benchmark5State16StartKeepRunningEv"
#define BENCHGATE_FINISH_KEEP_RUNNING_SYMBOL "_ZN9benchmark5State17FinishKeepRunningEv"

namespace {

// The environment variable naming the record file (benchgate sets it).
constexpr const char* k_out_variable = "BENCHGATE_ALLOC_OUT";
constexpr int k_record_mode = 0644;
constexpr std::size_t k_line_chars = 160;

// Process-wide by necessity: malloc has no argument through which to reach
// a tally, and the loop functions are libbenchmark's, called with its
// State only. A benchmark's threads (->Threads(n)) count into the same
// tally, each timed loop one span: counting is on while any runs.
constinit benchgate::allocations::allocation_tally g_tally;

using loop_function = void (*)(void* state);

loop_function next_function(const char* symbol) {
  return reinterpret_cast<loop_function>(dlsym(RTLD_NEXT, symbol));
}

// One line for the loop that just ended; write(2) and snprintf of integers
// do not allocate.
void append_record() {
  const char* path = std::getenv(k_out_variable);
  if (path == nullptr) return;
  const auto totals = g_tally.read();
  char line[k_line_chars];
  const int length = std::snprintf(line, sizeof line, "loop %lld %lld %lld %lld\n",
                                   static_cast<long long>(totals.allocations), static_cast<long long>(totals.frees),
                                   static_cast<long long>(totals.bytes_allocated),
                                   static_cast<long long>(totals.peak_bytes));
  const int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, k_record_mode);
  if (fd < 0 || length <= 0) return;
  // One short write to a local file: whole or not at all in practice; a
  // short one leaves a line benchgate refuses as malformed.
  [[maybe_unused]] const auto written = write(fd, line, static_cast<std::size_t>(length));
  close(fd);
}

}  // namespace

// The loop's start and end, under libbenchmark's names: the executable's
// calls reach these first (LD_PRELOAD), which call libbenchmark's own.
// `state` is the benchmark::State (the member functions' `this`).
extern "C" void benchgate_start_keep_running(void* state) __asm__(BENCHGATE_START_KEEP_RUNNING_SYMBOL);
extern "C" void benchgate_finish_keep_running(void* state) __asm__(BENCHGATE_FINISH_KEEP_RUNNING_SYMBOL);

extern "C" void benchgate_start_keep_running(void* state) {
  static const loop_function next = next_function(BENCHGATE_START_KEEP_RUNNING_SYMBOL);
  if (next != nullptr) next(state);
  // The first thread's loop starts the tally afresh; counting starts after
  // libbenchmark's own start (its timers), so only the loop is counted.
  if (!g_tally.counting()) g_tally.reset();
  g_tally.open_span();
}

extern "C" void benchgate_finish_keep_running(void* state) {
  static const loop_function next = next_function(BENCHGATE_FINISH_KEEP_RUNNING_SYMBOL);
  if (g_tally.close_span()) append_record();
  if (next != nullptr) next(state);
}

extern "C" void* malloc(std::size_t size) {
  void* block = __libc_malloc(size);
  g_tally.note_allocation(block);
  return block;
}

extern "C" void* calloc(std::size_t count, std::size_t size) {
  void* block = __libc_calloc(count, size);
  g_tally.note_allocation(block);
  return block;
}

// realloc of a block counts as a free of the old one and an allocation of
// the new one (even when glibc grows it in place): one call that hands out
// a block, as a new[] and delete[] would be. The old block's size is read
// before the call, while it is surely live, and its free counted after,
// only when glibc released it (realloc(3), glibc 2.36 of Debian 12):
// - a block back: the old one was moved or resized, either way released;
// - null for size 0: glibc frees the block and returns null ("equivalent
//   to free(ptr)"; its malloc.c is built with REALLOC_ZERO_BYTES_FREES);
// - null otherwise: the call failed and "the original block is left
//   untouched"; it is still live and is neither a free nor an allocation.
extern "C" void* realloc(void* block, std::size_t size) {
  if (block == nullptr) return malloc(size);
  const auto old_size = benchgate::allocations::allocation_tally::usable_size(block);
  void* moved = __libc_realloc(block, size);
  if (moved != nullptr || size == 0) g_tally.note_free_of_size(old_size);
  g_tally.note_allocation(moved);
  return moved;
}

extern "C" void free(void* block) {
  g_tally.note_free(block);
  __libc_free(block);
}

extern "C" void* memalign(std::size_t alignment, std::size_t size) {
  void* block = __libc_memalign(alignment, size);
  g_tally.note_allocation(block);
  return block;
}

extern "C" void* aligned_alloc(std::size_t alignment, std::size_t size) { return memalign(alignment, size); }

extern "C" int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  // posix_memalign's own checks: a power of two, a multiple of sizeof(void*).
  if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* block = memalign(alignment, size);
  if (block == nullptr) return ENOMEM;
  *out = block;
  return 0;
}

extern "C" void* valloc(std::size_t size) {
  void* block = __libc_valloc(size);
  g_tally.note_allocation(block);
  return block;
}

extern "C" void* pvalloc(std::size_t size) {
  void* block = __libc_pvalloc(size);
  g_tally.note_allocation(block);
  return block;
}
