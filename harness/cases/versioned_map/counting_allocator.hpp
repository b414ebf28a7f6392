#pragma once
// An allocator that counts the bytes its containers hold, for the "bytes per
// retained version" figure: measured, not guessed from sizeof.
//
// Two counts: the bytes requested, and the bytes the heap really spends on
// them (malloc_usable_size plus glibc's chunk header, glibc
// malloc/malloc.c: "an in-use chunk ... overhead is SIZE_SZ", 8 bytes on
// 64-bit), which shows std::map's per-node overhead.

#include <malloc.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace benchgate::cases::versioned_map {

inline constexpr std::size_t k_malloc_chunk_header_bytes = sizeof(std::size_t);

// What the containers of one counting_allocator family hold right now.
struct allocation_tally {
  std::size_t live_bytes = 0;       // requested
  std::size_t live_heap_bytes = 0;  // usable size plus chunk header
};

// A stateful allocator over malloc/free that adds to a tally. The tally
// must outlive every container using it.
template <class T>
class counting_allocator {
 public:
  using value_type = T;

  explicit counting_allocator(allocation_tally* tally) noexcept : tally_(tally) {}
  template <class U>
  counting_allocator(const counting_allocator<U>& other) noexcept : tally_(other.tally()) {}

  T* allocate(std::size_t n) {
    static_assert(alignof(T) <= alignof(std::max_align_t), "malloc's alignment must suffice");
    const std::size_t bytes = n * sizeof(T);
    void* p = std::malloc(bytes == 0 ? 1 : bytes);
    if (p == nullptr) throw std::bad_alloc();
    tally_->live_bytes += bytes;
    tally_->live_heap_bytes += heap_bytes(p);
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    tally_->live_bytes -= n * sizeof(T);
    tally_->live_heap_bytes -= heap_bytes(p);
    std::free(p);
  }

  allocation_tally* tally() const noexcept { return tally_; }

  template <class U>
  friend bool operator==(const counting_allocator& a, const counting_allocator<U>& b) noexcept {
    return a.tally_ == b.tally();
  }

 private:
  static std::size_t heap_bytes(void* p) noexcept { return malloc_usable_size(p) + k_malloc_chunk_header_bytes; }

  allocation_tally* tally_;
};

}  // namespace benchgate::cases::versioned_map
