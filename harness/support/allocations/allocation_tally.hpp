#pragma once
// The tally of counted allocations, one for benchgate's two counters
// (docs/allocations.md): the replaced operator new and delete of a driver
// (harness/run/allocation_counter.cpp) and the malloc wrappers preloaded
// into plain Google Benchmark executables (harness/alloc_preload/). It
// counts blocks allocated and freed, their bytes, the bytes live and the
// most live at once.
//
// Header-only, and it allocates, throws and prints nothing: the preloaded
// side runs it inside malloc, in a program that links nothing of benchgate.
//
// Counting is on while at least one span is open: a driver opens one around
// each counted iteration, the preloaded library one for each thread's timed
// loop. Sizes are the allocator's, malloc_usable_size(3) of each block at
// allocation and at release, so that a free that does not say the size is
// accounted like one that does (glibc rounds a request up to its chunk
// size: 24 bytes is the smallest, then steps of 16).
//
// Every field is a relaxed atomic: a block allocated on another thread
// while counting is on is counted, never torn, and each count only has to
// be whole, not ordered with the others. A block noted while counting is
// off costs one relaxed load and a not-taken branch.

#include <malloc.h>

#include <atomic>
#include <cstdint>

namespace benchgate::allocations {

// The counts since a tally's reset().
struct allocation_totals {
  std::int64_t allocations = 0;      // blocks allocated
  std::int64_t frees = 0;            // blocks freed (not null)
  std::int64_t bytes_allocated = 0;  // usable bytes of the blocks allocated
  std::int64_t peak_bytes = 0;       // most bytes live at once above a span's start, the largest of the spans
  bool operator==(const allocation_totals&) const = default;
};

class allocation_tally {
 public:
  // constexpr: a process-wide tally can be constinit, ready before any
  // static constructor allocates.
  constexpr allocation_tally() noexcept = default;
  allocation_tally(const allocation_tally&) = delete;
  allocation_tally& operator=(const allocation_tally&) = delete;

  // Zeroes the counts and the peak; counting stays as it was.
  void reset() noexcept {
    allocations_.store(0, std::memory_order_relaxed);
    frees_.store(0, std::memory_order_relaxed);
    bytes_allocated_.store(0, std::memory_order_relaxed);
    peak_bytes_.store(0, std::memory_order_relaxed);
  }

  // Opens a span: counting is on until every open span is closed. The
  // first open span starts the live bytes from 0, so the peak is that of
  // the spans running together, above what was live when they started.
  void open_span() noexcept {
    if (open_spans_.load(std::memory_order_relaxed) == 0) {
      live_bytes_.store(0, std::memory_order_relaxed);
      span_peak_.store(0, std::memory_order_relaxed);
    }
    open_spans_.fetch_add(1, std::memory_order_relaxed);
  }

  // Closes a span (one must be open). Closing the last open one switches
  // counting off, folds the spans' peak into the totals' peak and returns
  // true; otherwise false.
  bool close_span() noexcept {
    if (open_spans_.fetch_sub(1, std::memory_order_relaxed) != 1) return false;
    raise_to(peak_bytes_, span_peak_.load(std::memory_order_relaxed));
    return true;
  }

  bool counting() const noexcept { return open_spans_.load(std::memory_order_relaxed) > 0; }

  // Counts `block`, just allocated, while counting is on; null (a failed
  // allocation) is not counted.
  void note_allocation(void* block) noexcept {
    if (!counting() || block == nullptr) [[likely]] return;
    const auto size = usable_size(block);
    allocations_.fetch_add(1, std::memory_order_relaxed);
    bytes_allocated_.fetch_add(size, std::memory_order_relaxed);
    raise_to(span_peak_, live_bytes_.fetch_add(size, std::memory_order_relaxed) + size);
  }

  // Counts `block` while counting is on; called before the block is freed,
  // as its usable size is read from it. Null is no free.
  void note_free(void* block) noexcept {
    if (!counting() || block == nullptr) [[likely]] return;
    note_free_of_size(usable_size(block));
  }

  // Counts the free of a block of `size` bytes, its usable_size() read
  // while it was still live, while counting is on. For a release known only
  // after the block is gone: realloc's old block, whose size must be read
  // before the call and counted only if glibc released it
  // (harness/alloc_preload/).
  void note_free_of_size(std::int64_t size) noexcept {
    if (!counting()) [[likely]] return;
    frees_.fetch_add(1, std::memory_order_relaxed);
    live_bytes_.fetch_sub(size, std::memory_order_relaxed);
  }

  // The size a block counts for: the allocator's, malloc_usable_size(3)
  // (see the top of this file). `block` must be live and not null.
  static std::int64_t usable_size(void* block) noexcept {
    return static_cast<std::int64_t>(malloc_usable_size(block));
  }

  // Bytes live now above what was live when the first open span opened
  // (negative when older blocks were freed since).
  std::int64_t live_bytes() const noexcept { return live_bytes_.load(std::memory_order_relaxed); }

  // The counts since reset(); the peak of the spans closed since then.
  allocation_totals read() const noexcept {
    return {allocations_.load(std::memory_order_relaxed), frees_.load(std::memory_order_relaxed),
            bytes_allocated_.load(std::memory_order_relaxed), peak_bytes_.load(std::memory_order_relaxed)};
  }

 private:
  // Compare-exchange, not load-then-store: two threads raising the peak at
  // once must not lower it.
  static void raise_to(std::atomic<std::int64_t>& peak, std::int64_t value) noexcept {
    auto seen = peak.load(std::memory_order_relaxed);
    while (value > seen && !peak.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
    }
  }

  std::atomic<int> open_spans_{0};
  std::atomic<std::int64_t> allocations_{0};
  std::atomic<std::int64_t> frees_{0};
  std::atomic<std::int64_t> bytes_allocated_{0};
  std::atomic<std::int64_t> live_bytes_{0};  // since the first open span; negative when it freed older blocks
  std::atomic<std::int64_t> span_peak_{0};   // the most live_bytes_ while spans are open
  std::atomic<std::int64_t> peak_bytes_{0};  // the largest span_peak_ since reset()
};

}  // namespace benchgate::allocations
