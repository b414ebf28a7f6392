#pragma once
// The baseline roots container: FoundationDB's VersionedMap before the PR,
// a std::map<Version, Tree> plus a cached pointer to the latest root
// (fdbclient/VersionedMap.h: getRoot is upper_bound then --, createNewVersion
// inserts with roots[version], forgetVersionsBefore assigns
// roots[newOldest] then erases everything before it).
// Same interface as cores::versioned_map::ring_roots.

#include <cstddef>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <utility>

#include "cores/versioned_map/version.hpp"

namespace baselines::versioned_map {

using cores::versioned_map::version;

template <class Root, class Allocator = std::allocator<std::pair<const version, Root>>>
class map_roots {
 public:
  using root_type = Root;
  using allocator_type = Allocator;

  // An empty container.
  explicit map_roots(const Allocator& alloc = Allocator()) : entries_(std::less<version>(), alloc) {}
  // The cached pointer points into this object's own map.
  map_roots(const map_roots&) = delete;
  map_roots& operator=(const map_roots&) = delete;
  map_roots(map_roots&& other) noexcept
      : entries_(std::move(other.entries_)), latest_(std::exchange(other.latest_, nullptr)) {}
  map_roots& operator=(map_roots&&) = delete;

  // Entries held.
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  // The oldest and newest versions, and the newest root through the cached
  // pointer. Precondition: !empty().
  version front_version() const { return entries_.begin()->first; }
  version back_version() const { return std::prev(entries_.end())->first; }
  const Root& back_root() const { return *latest_; }
  Root& back_root() { return *latest_; }

  // Appends (v, root). Precondition: empty() or v > back_version().
  void push_back(version v, Root root) {
    latest_ = &entries_[v];
    *latest_ = std::move(root);
  }

  // Drops the oldest entry. Precondition: size() > 1 (the latest entry stays).
  void pop_front() { entries_.erase(entries_.begin()); }

  // The root of the last entry with version <= v. Precondition: !empty() and
  // v >= front_version().
  const Root& root_at(version v) const { return std::prev(entries_.upper_bound(v))->second; }

  // Makes v the oldest version. Precondition: front_version() <= v <=
  // back_version().
  void forget_before(version v) {
    Root root = root_at(v);
    entries_[v] = std::move(root);  // map nodes are stable: latest_ stays valid
    entries_.erase(entries_.begin(), entries_.lower_bound(v));
  }

  // Drops every entry.
  void clear() {
    entries_.clear();
    latest_ = nullptr;
  }

  // Calls visit(version, root) for every entry, oldest first.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const auto& [v, root] : entries_) visit(v, root);
  }

 private:
  std::map<version, Root, std::less<version>, Allocator> entries_;
  Root* latest_ = nullptr;
};

}  // namespace baselines::versioned_map
