#pragma once
// Helpers of the versioned_map core tests: a value type that counts its live
// instances (so tests can see that every node is freed exactly once), tree
// invariant checks, and a plain model of a versioned map.

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <vector>

#include "cores/versioned_map/ptree_node.hpp"
#include "cores/versioned_map/read_view.hpp"
#include "cores/versioned_map/version.hpp"

namespace versioned_map_test {

using cores::versioned_map::version;

// An int that counts live copies in *live (every node holds one).
class tracked {
 public:
  tracked(int value, long* live) : value_(value), live_(live) { ++*live_; }
  tracked(const tracked& other) : value_(other.value_), live_(other.live_) { ++*live_; }
  tracked& operator=(const tracked& other) {
    if (this != &other) {
      --*live_;
      value_ = other.value_;
      live_ = other.live_;
      ++*live_;
    }
    return *this;
  }
  ~tracked() { --*live_; }
  int value() const { return value_; }
  friend bool operator==(const tracked& a, const tracked& b) { return a.value_ == b.value_; }

 private:
  int value_;
  long* live_;
};

// Contents of a view as an ordered map (walks it with a cursor).
template <class Key, class Value>
std::map<Key, Value> contents(const cores::versioned_map::read_view<Key, Value>& view) {
  std::map<Key, Value> out;
  view.for_each([&](const Key& k, const Value& v) { out.emplace(k, v); });
  return out;
}

// Checks BST order and max-heap order on priority of the tree as seen at
// `at`; returns the number of nodes, or nullopt on a violation. Iterative.
template <class Key, class Value>
std::optional<std::size_t> check_treap(const cores::versioned_map::ptree_node<Key, Value>* root, version at) {
  using node = cores::versioned_map::ptree_node<Key, Value>;
  struct item {
    const node* n;
    const Key* low;   // keys must be > low (when set)
    const Key* high;  // keys must be < high (when set)
  };
  std::vector<item> stack;
  if (root != nullptr) stack.push_back({root, nullptr, nullptr});
  std::size_t count = 0;
  while (!stack.empty()) {
    const item it = stack.back();
    stack.pop_back();
    ++count;
    if ((it.low != nullptr && !(*it.low < it.n->key)) || (it.high != nullptr && !(it.n->key < *it.high))) {
      return std::nullopt;
    }
    for (const bool side : {false, true}) {
      const node* c = it.n->child(side, at);
      if (c == nullptr) continue;
      if (c->priority > it.n->priority) return std::nullopt;
      stack.push_back(side ? item{c, &it.n->key, it.high} : item{c, it.low, &it.n->key});
    }
  }
  return count;
}

// A versioned map the obvious way: a full copy of the contents per version.
class model {
 public:
  model() { versions_.emplace(0, std::map<int, int>{}); }

  void create_new_version(version v) {
    if (v > latest_) versions_.emplace(v, versions_.rbegin()->second);
    latest_ = std::max(latest_, v);
  }
  std::map<int, int>& latest() { return versions_.rbegin()->second; }
  void erase_range(int begin, int end) {
    if (begin < end) latest().erase(latest().lower_bound(begin), latest().lower_bound(end));
  }
  void forget_before(version v) {
    auto covering = std::prev(versions_.upper_bound(v));
    auto contents = covering->second;
    versions_.erase(versions_.begin(), std::next(covering));
    versions_.emplace(v, std::move(contents));
    oldest_ = v;
  }
  // The contents as of v (the last version <= v). Precondition: v >= oldest.
  const std::map<int, int>& at(version v) const { return std::prev(versions_.upper_bound(v))->second; }
  version oldest() const { return oldest_; }
  version latest() const { return latest_; }
  std::vector<version> versions() const {
    std::vector<version> out;
    for (const auto& [v, contents] : versions_) out.push_back(v);
    return out;
  }

 private:
  std::map<version, std::map<int, int>> versions_;
  version oldest_ = 0;
  version latest_ = 0;
};

}  // namespace versioned_map_test
