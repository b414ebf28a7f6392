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
//
// No C++ library here allocates or throws: this code runs inside malloc.

#include <dlfcn.h>
#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

namespace {

// The environment variable naming the record file (benchgate sets it).
constexpr const char* k_out_variable = "BENCHGATE_ALLOC_OUT";
// libbenchmark's loop functions (Itanium mangling of
// benchmark::State::StartKeepRunning() and ::FinishKeepRunning(), stable
// since Google Benchmark 1.5).
constexpr const char* k_start_symbol = "_ZN9benchmark5State16StartKeepRunningEv";
constexpr const char* k_finish_symbol = "_ZN9benchmark5State17FinishKeepRunningEv";
constexpr int k_record_mode = 0644;
constexpr std::size_t k_line_chars = 160;

// Process-wide by necessity: malloc has no argument to pass a counter
// through. Relaxed atomics: a benchmark's threads (->Threads(n)) count
// into the same tally, never torn. `loops` is how many timed loops run now
// (one a thread); counting is on while it is above 0.
struct tally_state {
  std::atomic<int> loops{0};
  std::atomic<std::int64_t> allocations{0};
  std::atomic<std::int64_t> frees{0};
  std::atomic<std::int64_t> bytes_allocated{0};
  std::atomic<std::int64_t> live_bytes{0};  // since the loop started; negative after freeing older blocks
  std::atomic<std::int64_t> peak_bytes{0};
};
constinit tally_state g_tally;

bool counting() { return g_tally.loops.load(std::memory_order_relaxed) > 0; }

void note_allocation(void* block) {
  if (block == nullptr || !counting()) [[likely]] return;
  const auto size = static_cast<std::int64_t>(malloc_usable_size(block));
  g_tally.allocations.fetch_add(1, std::memory_order_relaxed);
  g_tally.bytes_allocated.fetch_add(size, std::memory_order_relaxed);
  const auto live = g_tally.live_bytes.fetch_add(size, std::memory_order_relaxed) + size;
  auto seen = g_tally.peak_bytes.load(std::memory_order_relaxed);
  while (live > seen && !g_tally.peak_bytes.compare_exchange_weak(seen, live, std::memory_order_relaxed)) {
  }
}

// Before the block is freed: its usable size is read from it.
void note_free(void* block) {
  if (block == nullptr || !counting()) [[likely]] return;
  g_tally.frees.fetch_add(1, std::memory_order_relaxed);
  g_tally.live_bytes.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(block)), std::memory_order_relaxed);
}

using loop_function = void (*)(void* state);

loop_function next_function(const char* symbol) {
  return reinterpret_cast<loop_function>(dlsym(RTLD_NEXT, symbol));
}

// One line for the loop that just ended; write(2) and snprintf of integers
// do not allocate.
void append_record() {
  const char* path = std::getenv(k_out_variable);
  if (path == nullptr) return;
  char line[k_line_chars];
  const int length = std::snprintf(line, sizeof line, "loop %lld %lld %lld %lld\n",
                                   static_cast<long long>(g_tally.allocations.load(std::memory_order_relaxed)),
                                   static_cast<long long>(g_tally.frees.load(std::memory_order_relaxed)),
                                   static_cast<long long>(g_tally.bytes_allocated.load(std::memory_order_relaxed)),
                                   static_cast<long long>(g_tally.peak_bytes.load(std::memory_order_relaxed)));
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
extern "C" void benchgate_start_keep_running(void* state) __asm__("_ZN9benchmark5State16StartKeepRunningEv");
extern "C" void benchgate_finish_keep_running(void* state) __asm__("_ZN9benchmark5State17FinishKeepRunningEv");

extern "C" void benchgate_start_keep_running(void* state) {
  static const loop_function next = next_function(k_start_symbol);
  if (next != nullptr) next(state);
  // The first thread's loop starts the tally afresh; counting starts after
  // libbenchmark's own start (its timers), so only the loop is counted.
  if (g_tally.loops.load(std::memory_order_relaxed) == 0) {
    g_tally.allocations.store(0, std::memory_order_relaxed);
    g_tally.frees.store(0, std::memory_order_relaxed);
    g_tally.bytes_allocated.store(0, std::memory_order_relaxed);
    g_tally.live_bytes.store(0, std::memory_order_relaxed);
    g_tally.peak_bytes.store(0, std::memory_order_relaxed);
  }
  g_tally.loops.fetch_add(1, std::memory_order_relaxed);
}

extern "C" void benchgate_finish_keep_running(void* state) {
  static const loop_function next = next_function(k_finish_symbol);
  if (g_tally.loops.fetch_sub(1, std::memory_order_relaxed) == 1) append_record();
  if (next != nullptr) next(state);
}

extern "C" void* malloc(std::size_t size) {
  void* block = __libc_malloc(size);
  note_allocation(block);
  return block;
}

extern "C" void* calloc(std::size_t count, std::size_t size) {
  void* block = __libc_calloc(count, size);
  note_allocation(block);
  return block;
}

// realloc of a block counts as a free of the old one and an allocation of
// the new one (even when glibc grows it in place): one call that hands out
// a block, as a new[] and delete[] would be.
extern "C" void* realloc(void* block, std::size_t size) {
  if (block == nullptr) return malloc(size);
  note_free(block);
  void* moved = __libc_realloc(block, size);
  note_allocation(moved);
  return moved;
}

extern "C" void free(void* block) {
  note_free(block);
  __libc_free(block);
}

extern "C" void* memalign(std::size_t alignment, std::size_t size) {
  void* block = __libc_memalign(alignment, size);
  note_allocation(block);
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
  note_allocation(block);
  return block;
}

extern "C" void* pvalloc(std::size_t size) {
  void* block = __libc_pvalloc(size);
  note_allocation(block);
  return block;
}
