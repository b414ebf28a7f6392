#pragma once
// The peer roots container: boost::circular_buffer, what a C++ user would
// pick instead of writing a ring. Same interface as
// cores::versioned_map::ring_roots.
//
// push_back on a full circular_buffer silently overwrites the oldest entry,
// so the adaptor doubles the capacity (set_capacity) before it fills; forget
// rewrites the new front entry in place and drops the rest with erase_begin.

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <utility>

#include <boost/circular_buffer.hpp>

#include "cores/versioned_map/ring_roots.hpp"
#include "cores/versioned_map/version.hpp"

namespace benchgate::cases::versioned_map {

using cores::versioned_map::version;

template <class Root, class Allocator = std::allocator<cores::versioned_map::root_entry<Root>>>
class circular_buffer_roots {
 public:
  using root_type = Root;
  using entry = cores::versioned_map::root_entry<Root>;
  using allocator_type = Allocator;

  // Starts with the same capacity as the core's ring.
  explicit circular_buffer_roots(const Allocator& alloc = Allocator())
      : entries_(cores::versioned_map::k_ring_initial_capacity, alloc) {}

  // Entries held.
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  // The oldest and newest versions, and the newest root. Precondition:
  // !empty().
  version front_version() const { return entries_.front().ver; }
  version back_version() const { return entries_.back().ver; }
  const Root& back_root() const { return entries_.back().root; }
  Root& back_root() { return entries_.back().root; }

  // Appends (v, root). Precondition: empty() or v > back_version().
  void push_back(version v, Root root) {
    if (entries_.full()) entries_.set_capacity(std::max<std::size_t>(1, 2 * entries_.capacity()));
    entries_.push_back(entry{v, std::move(root)});
  }

  // Drops the oldest entry. Precondition: !empty().
  void pop_front() { entries_.pop_front(); }

  // The root of the last entry with version <= v. Precondition: !empty() and
  // v >= front_version().
  const Root& root_at(version v) const { return std::prev(upper(v))->root; }

  // Makes v the oldest version. Precondition: front_version() <= v <=
  // back_version().
  void forget_before(version v) {
    auto r = std::prev(upper(v));
    r->ver = v;
    entries_.erase_begin(static_cast<std::size_t>(r - entries_.begin()));
  }

  // Drops every entry.
  void clear() { entries_.clear(); }

  // Calls visit(version, root) for every entry, oldest first.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const auto& e : entries_) visit(e.ver, e.root);
  }

 private:
  using container = boost::circular_buffer<entry, Allocator>;

  typename container::const_iterator upper(version v) const {
    return std::upper_bound(entries_.begin(), entries_.end(), v,
                            [](version x, const entry& e) { return x < e.ver; });
  }
  typename container::iterator upper(version v) {
    return std::upper_bound(entries_.begin(), entries_.end(), v,
                            [](version x, const entry& e) { return x < e.ver; });
  }

  container entries_;
};

}  // namespace benchgate::cases::versioned_map
