#include "harness/run/allocation_counter.hpp"

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>

namespace benchgate::run {

namespace {

// Why these are atomics at namespace scope and not members of something
// passed down: the replaced operator new below has the standard's fixed
// signature, and code anywhere (the case's core, the standard library)
// calls it. constinit: ready before any static constructor allocates.
// Relaxed order suffices: the flag is switched by the thread that runs the
// timed body, and each count only has to be whole, not ordered with the
// others. A counting-off allocation costs the load of `counting` and one
// not-taken branch.
struct tally_state {
  std::atomic<bool> counting{false};
  std::atomic<std::int64_t> allocations{0};
  std::atomic<std::int64_t> frees{0};
  std::atomic<std::int64_t> bytes_allocated{0};
  std::atomic<std::int64_t> live_bytes{0};  // since the span started; negative when it freed older blocks
  std::atomic<std::int64_t> span_peak{0};   // the most live_bytes of the span
  std::atomic<std::int64_t> peak_bytes{0};  // the largest span_peak since reset
};
constinit tally_state g_tally;

void raise_to(std::atomic<std::int64_t>& peak, std::int64_t value) {
  auto seen = peak.load(std::memory_order_relaxed);
  while (value > seen && !peak.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
  }
}

void note_allocation(void* block) {
  if (!g_tally.counting.load(std::memory_order_relaxed)) [[likely]] return;
  const auto size = static_cast<std::int64_t>(malloc_usable_size(block));
  g_tally.allocations.fetch_add(1, std::memory_order_relaxed);
  g_tally.bytes_allocated.fetch_add(size, std::memory_order_relaxed);
  raise_to(g_tally.span_peak, g_tally.live_bytes.fetch_add(size, std::memory_order_relaxed) + size);
}

// Before the block is freed: its usable size is read from it.
void note_free(void* block) {
  if (block == nullptr || !g_tally.counting.load(std::memory_order_relaxed)) [[likely]] return;
  g_tally.frees.fetch_add(1, std::memory_order_relaxed);
  g_tally.live_bytes.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(block)), std::memory_order_relaxed);
}

// operator new's contract: a unique block for size 0 too, the new-handler
// called until it gives up, then bad_alloc.
void* allocate(std::size_t size) {
  if (size == 0) size = 1;
  while (true) {
    if (void* block = std::malloc(size)) {
      note_allocation(block);
      return block;
    }
    const auto handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* allocate_aligned(std::size_t size, std::align_val_t alignment) {
  if (size == 0) size = 1;
  // posix_memalign wants a power of two multiple of sizeof(void*).
  const auto align = std::max(static_cast<std::size_t>(alignment), sizeof(void*));
  while (true) {
    void* block = nullptr;
    if (posix_memalign(&block, align, size) == 0) {
      note_allocation(block);
      return block;
    }
    const auto handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void release(void* block) noexcept {
  note_free(block);
  std::free(block);
}

}  // namespace

namespace allocation_tally {

void reset() {
  g_tally.allocations.store(0, std::memory_order_relaxed);
  g_tally.frees.store(0, std::memory_order_relaxed);
  g_tally.bytes_allocated.store(0, std::memory_order_relaxed);
  g_tally.peak_bytes.store(0, std::memory_order_relaxed);
}

void resume() {
  g_tally.live_bytes.store(0, std::memory_order_relaxed);
  g_tally.span_peak.store(0, std::memory_order_relaxed);
  g_tally.counting.store(true, std::memory_order_relaxed);
}

void pause() {
  g_tally.counting.store(false, std::memory_order_relaxed);
  raise_to(g_tally.peak_bytes, g_tally.span_peak.load(std::memory_order_relaxed));
}

allocation_totals read() {
  return {g_tally.allocations.load(std::memory_order_relaxed), g_tally.frees.load(std::memory_order_relaxed),
          g_tally.bytes_allocated.load(std::memory_order_relaxed), g_tally.peak_bytes.load(std::memory_order_relaxed)};
}

}  // namespace allocation_tally

void allocation_counter::begin_sample() { allocation_tally::reset(); }

void allocation_counter::resume() { allocation_tally::resume(); }

void allocation_counter::pause() { allocation_tally::pause(); }

void allocation_counter::end_sample(std::int64_t counted) {
  const auto totals = allocation_tally::read();
  allocation_sample s;
  s.counted_iterations = counted;
  if (counted > 0) {
    const auto per = [&](std::int64_t total) { return static_cast<double>(total) / static_cast<double>(counted); };
    s.allocations = per(totals.allocations);
    s.frees = per(totals.frees);
    s.bytes_allocated = per(totals.bytes_allocated);
    s.peak_bytes = static_cast<double>(totals.peak_bytes);
  }
  records_.push_back(s);
}

}  // namespace benchgate::run

// The replaceable global allocation functions ([new.delete]), every form.
// Defined here, beside the tally, so that any program that links the
// counter links them too.
void* operator new(std::size_t size) { return benchgate::run::allocate(size); }
void* operator new[](std::size_t size) { return benchgate::run::allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return benchgate::run::allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return benchgate::run::allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return benchgate::run::allocate_aligned(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return benchgate::run::allocate_aligned(size, alignment);
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  try {
    return benchgate::run::allocate_aligned(size, alignment);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  try {
    return benchgate::run::allocate_aligned(size, alignment);
  } catch (...) {
    return nullptr;
  }
}

void operator delete(void* block) noexcept { benchgate::run::release(block); }
void operator delete[](void* block) noexcept { benchgate::run::release(block); }
void operator delete(void* block, std::size_t) noexcept { benchgate::run::release(block); }
void operator delete[](void* block, std::size_t) noexcept { benchgate::run::release(block); }
void operator delete(void* block, const std::nothrow_t&) noexcept { benchgate::run::release(block); }
void operator delete[](void* block, const std::nothrow_t&) noexcept { benchgate::run::release(block); }
void operator delete(void* block, std::align_val_t) noexcept { benchgate::run::release(block); }
void operator delete[](void* block, std::align_val_t) noexcept { benchgate::run::release(block); }
void operator delete(void* block, std::size_t, std::align_val_t) noexcept { benchgate::run::release(block); }
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept { benchgate::run::release(block); }
void operator delete(void* block, std::align_val_t, const std::nothrow_t&) noexcept {
  benchgate::run::release(block);
}
void operator delete[](void* block, std::align_val_t, const std::nothrow_t&) noexcept {
  benchgate::run::release(block);
}
