#pragma once
// Roots container: a power-of-two circular buffer of (version, root) entries
// in increasing version order. This is what the PR's reviewer proposed (a
// sorted array used in a wrap-around manner, binary searched) and what
// FoundationDB issue #2226 asks for.
//
// Logical entry i lives at buf[(head + i) & (capacity - 1)]. push_back and
// pop_front are O(1) (amortised, growth doubles the capacity and copies in
// logical order); root_at binary searches the one contiguous segment that can
// hold the version (the buffer is sorted except at the wrap point), without
// branches and with prefetching; forget_before rewrites the new front entry
// in place instead of inserting one in the middle. The back entry is cached,
// as edits of the latest version reach it on every call.
//
// All roots containers (ring_roots, deque_roots, the baseline's map_roots and
// the peer) share this interface; preconditions are the caller's
// (versioned_map checks them and reports a status).

#include <algorithm>
#include <bit>
#include <cstddef>
#include <memory>
#include <utility>

#include "cores/versioned_map/version.hpp"

namespace cores::versioned_map {

// Entries before the first growth; small, as growth is cheap and rare.
inline constexpr std::size_t k_ring_initial_capacity = 16;

template <class Root, class Allocator = std::allocator<root_entry<Root>>>
class ring_roots {
 public:
  using root_type = Root;
  using entry = root_entry<Root>;
  using allocator_type = Allocator;

  // An empty ring; `initial_capacity` is rounded up to a power of two (>= 1).
  explicit ring_roots(const Allocator& alloc = Allocator(),
                      std::size_t initial_capacity = k_ring_initial_capacity)
      : alloc_(alloc), capacity_(std::bit_ceil(std::max<std::size_t>(initial_capacity, 1))) {
    buf_ = traits::allocate(alloc_, capacity_);
  }
  ring_roots(const ring_roots&) = delete;
  ring_roots& operator=(const ring_roots&) = delete;
  ring_roots(ring_roots&& other) noexcept
      : alloc_(other.alloc_),
        buf_(std::exchange(other.buf_, nullptr)),
        capacity_(std::exchange(other.capacity_, 0)),
        head_(std::exchange(other.head_, 0)),
        size_(std::exchange(other.size_, 0)),
        back_(std::exchange(other.back_, nullptr)) {}
  ring_roots& operator=(ring_roots&&) = delete;
  ~ring_roots() {
    clear();
    if (buf_ != nullptr) traits::deallocate(alloc_, buf_, capacity_);
  }

  // Entries held; slots allocated (a power of two).
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::size_t capacity() const { return capacity_; }

  // The oldest and newest versions, and the newest root (the latest
  // version's tree, edited in place). Precondition: !empty().
  version front_version() const { return entry_at(0).ver; }
  version back_version() const { return back_->ver; }
  const Root& back_root() const { return back_->root; }
  Root& back_root() { return back_->root; }

  // Appends (v, root). Precondition: empty() or v > back_version().
  void push_back(version v, Root root) {
    if (size_ == capacity_) grow();
    back_ = &entry_at(size_);
    traits::construct(alloc_, back_, entry{v, std::move(root)});
    ++size_;
  }

  // Drops the oldest entry. Precondition: !empty().
  void pop_front() {
    traits::destroy(alloc_, &buf_[head_]);
    head_ = (head_ + 1) & (capacity_ - 1);
    --size_;
  }

  // The root of the last entry with version <= v. Precondition: !empty() and
  // v >= front_version().
  const Root& root_at(version v) const { return entry_at(last_at_or_before(v)).root; }

  // Makes v the oldest version: the entry covering v gets version v and
  // every entry before it is dropped. Precondition: front_version() <= v <=
  // back_version().
  void forget_before(version v) {
    const std::size_t r = last_at_or_before(v);
    entry_at(r).ver = v;
    for (std::size_t i = 0; i < r; ++i) pop_front();
  }

  // Drops every entry.
  void clear() {
    while (size_ > 0) pop_front();
    head_ = 0;
  }

  // Calls visit(version, root) for every entry, oldest first.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (std::size_t i = 0; i < size_; ++i) visit(entry_at(i).ver, entry_at(i).root);
  }

  // Where logical entry 0 is in the buffer (tests check the wrap-around).
  std::size_t head() const { return head_; }

 private:
  using traits = std::allocator_traits<Allocator>;

  entry& entry_at(std::size_t i) { return buf_[(head_ + i) & (capacity_ - 1)]; }
  const entry& entry_at(std::size_t i) const { return buf_[(head_ + i) & (capacity_ - 1)]; }

  // The logical index of the last entry with version <= v. The entries form
  // two sorted runs, buf[head..) and buf[0..wrapped); pick the run by its
  // first version, then search inside it.
  std::size_t last_at_or_before(version v) const {
    const std::size_t first_run = std::min(size_, capacity_ - head_);
    if (first_run < size_ && buf_[0].ver <= v) return first_run + last_in_run(buf_, size_ - first_run, v);
    return last_in_run(buf_ + head_, first_run, v);
  }

  // The index of the last entry <= v in run[0..n), given run[0].ver <= v.
  // Branch-free binary search with prefetching of both possible next probes
  // (Khuong and Morin, "Array Layouts for Comparison-Based Searching", ACM
  // JEA 22, 2017, section 3): the select compiles to a conditional move, so
  // no step mispredicts, and the prefetches hide the next level's miss.
  static std::size_t last_in_run(const entry* run, std::size_t n, version v) {
    const entry* base = run;  // invariant: the answer is in [base, base + n)
    while (n > 1) {
      const std::size_t half = n / 2;
      __builtin_prefetch(base + half / 2);
      __builtin_prefetch(base + half + half / 2);
      base = base[half].ver <= v ? base + half : base;
      n -= half;
    }
    return static_cast<std::size_t>(base - run);
  }

  // Doubles the capacity (a moved-from ring has none), moving the entries
  // to the front in logical order.
  void grow() {
    const std::size_t new_capacity = std::max<std::size_t>(1, capacity_ * 2);
    entry* fresh = traits::allocate(alloc_, new_capacity);
    for (std::size_t i = 0; i < size_; ++i) {
      entry& old = entry_at(i);
      traits::construct(alloc_, fresh + i, std::move(old));
      traits::destroy(alloc_, &old);
    }
    if (buf_ != nullptr) traits::deallocate(alloc_, buf_, capacity_);
    buf_ = fresh;
    capacity_ = new_capacity;
    head_ = 0;
    back_ = size_ > 0 ? buf_ + size_ - 1 : nullptr;
  }

  Allocator alloc_;
  entry* buf_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
  entry* back_ = nullptr;  // the newest entry (meaningless when empty)
};

}  // namespace cores::versioned_map
