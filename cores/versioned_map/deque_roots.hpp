#pragma once
// Roots container of the PR ("Replace std::map with std::deque for
// versionedMap"): a std::deque of (version, root) in increasing version
// order, binary searched. forget_before inserts the new front entry after the
// one covering the version, then erases everything before it, as the PR does.
// Same interface as ring_roots (see there).

#include <algorithm>
#include <cstddef>
#include <deque>
#include <memory>
#include <utility>

#include "cores/versioned_map/version.hpp"

namespace cores::versioned_map {

template <class Root, class Allocator = std::allocator<root_entry<Root>>>
class deque_roots {
 public:
  using root_type = Root;
  using entry = root_entry<Root>;
  using allocator_type = Allocator;

  // An empty container.
  explicit deque_roots(const Allocator& alloc = Allocator()) : entries_(alloc) {}

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
  void push_back(version v, Root root) { entries_.push_back(entry{v, std::move(root)}); }

  // Drops the oldest entry. Precondition: !empty().
  void pop_front() { entries_.pop_front(); }

  // The root of the last entry with version <= v. Precondition: !empty() and
  // v >= front_version().
  const Root& root_at(version v) const { return std::prev(upper(v))->root; }

  // Makes v the oldest version. Precondition: front_version() <= v <=
  // back_version().
  void forget_before(version v) {
    auto upper_it = upper(v);
    auto r = std::prev(upper_it);
    if (r->ver != v) {
      Root root = r->root;  // the emplace may move the entry it is copied from
      r = entries_.insert(upper_it, entry{v, std::move(root)});
    }
    entries_.erase(entries_.begin(), r);
  }

  // Drops every entry.
  void clear() { entries_.clear(); }

  // Calls visit(version, root) for every entry, oldest first.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const auto& e : entries_) visit(e.ver, e.root);
  }

 private:
  using container = std::deque<entry, Allocator>;

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

}  // namespace cores::versioned_map
