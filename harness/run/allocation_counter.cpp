#include "harness/run/allocation_counter.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>

namespace benchgate::run {

namespace {

// Why the tally is at namespace scope and not a member of something passed
// down: the replaced operator new below has the standard's fixed signature,
// and code anywhere (the case's core, the standard library) calls it; it
// has no argument through which to reach a tally. constinit: ready before
// any static constructor allocates. One span is open at a time: the thread
// that runs the timed body opens it around each counted iteration.
constinit allocations::allocation_tally g_tally;

// operator new's contract: a unique block for size 0 too, the new-handler
// called until it gives up, then bad_alloc.
void* allocate(std::size_t size) {
  if (size == 0) size = 1;
  while (true) {
    if (void* block = std::malloc(size)) {
      g_tally.note_allocation(block);
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
      g_tally.note_allocation(block);
      return block;
    }
    const auto handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void release(void* block) noexcept {
  g_tally.note_free(block);
  std::free(block);
}

}  // namespace

namespace allocation_tally {

void reset() { g_tally.reset(); }

void resume() { g_tally.open_span(); }

void pause() { g_tally.close_span(); }

allocations::allocation_totals read() { return g_tally.read(); }

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
