#pragma once
// Reading the persistent treap as of one version: point lookups and ordered
// cursors (FDB's ViewAtVersion and its finger iterator).
//
// A view borrows its root: it stays valid while the map keeps that version
// (not forgotten) and, for a view at the latest version, until the next edit
// (edits at the latest version change nodes in place, as in FDB).

#include <cstddef>
#include <vector>

#include "cores/versioned_map/ptree_node.hpp"

namespace cores::versioned_map {

template <class Key, class Value>
class read_view;

// A position in a view: the path from the root to the current node (FDB's
// finger), so next/prev cost amortised O(1). Reusable: positioning it again
// keeps its buffer, so reads need not allocate. Default: no position.
template <class Key, class Value>
class cursor {
 public:
  using node = ptree_node<Key, Value>;

  // Whether the cursor is on an entry (false past either end).
  bool valid() const { return !finger_.empty(); }
  // The current entry. Precondition: valid().
  const Key& key() const { return finger_.back()->key; }
  const Value& value() const { return finger_.back()->value; }
  version insert_version() const { return finger_.back()->insert_version; }

  // The next entry in key order; from no position, the first entry.
  void next() { move(true); }
  // The previous entry; from no position, the last entry.
  void prev() { move(false); }

 private:
  friend class read_view<Key, Value>;

  void reset(const node* root, version at) {
    root_ = root;
    at_ = at;
    finger_.clear();
  }

  // Pushes n and its leftmost (forward) or rightmost descendants.
  void push_edge(const node* n, bool forward) {
    for (; n != nullptr; n = n->child(!forward, at_)) finger_.push_back(n);
  }

  void move(bool forward) {
    if (finger_.empty()) {
      push_edge(root_, forward);
      return;
    }
    const node* n = finger_.back();
    if (const node* c = n->child(forward, at_)) {
      push_edge(c, forward);
      return;
    }
    // Climb while we come from the `forward` side.
    do {
      n = finger_.back();
      finger_.pop_back();
    } while (!finger_.empty() && finger_.back()->child(forward, at_) == n);
  }

  const node* root_ = nullptr;
  version at_ = 0;
  std::vector<const node*> finger_;
};

// The map as of one version.
template <class Key, class Value>
class read_view {
 public:
  using node = ptree_node<Key, Value>;

  // The tree `root` (null: empty) as seen by a reader at version `at`.
  read_view(const node* root, version at) : root_(root), at_(at) {}

  // The version read, the root node (borrowed), and whether there is no entry.
  version at() const { return at_; }
  const node* root() const { return root_; }
  bool empty() const { return root_ == nullptr; }

  // The value of `key`, or nullptr when absent.
  const Value* find(const Key& key) const {
    for (const node* p = root_; p != nullptr;) {
      if (key < p->key) {
        p = p->child(false, at_);
      } else if (p->key < key) {
        p = p->child(true, at_);
      } else {
        return &p->value;
      }
    }
    return nullptr;
  }

  // Positions `c` on the first entry, or nowhere when empty.
  void first(cursor<Key, Value>& c) const {
    c.reset(root_, at_);
    c.next();
  }

  // Positions `c` on the smallest key >= `key` (invalid when none).
  void lower_bound(cursor<Key, Value>& c, const Key& key) const { bound(c, key, true); }

  // Positions `c` on the smallest key > `key` (invalid when none).
  void upper_bound(cursor<Key, Value>& c, const Key& key) const { bound(c, key, false); }

  // Positions `c` on the largest key < `key` (invalid when none).
  void last_less(cursor<Key, Value>& c, const Key& key) const {
    lower_bound(c, key);
    c.prev();
  }

  // Positions `c` on the largest key <= `key` (invalid when none).
  void last_less_or_equal(cursor<Key, Value>& c, const Key& key) const {
    upper_bound(c, key);
    c.prev();
  }

  // Calls visit(key, value) for every entry in key order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    cursor<Key, Value> c;
    for (first(c); c.valid(); c.next()) visit(c.key(), c.value());
  }

  // The number of entries (walks them all).
  std::size_t size() const {
    std::size_t n = 0;
    for_each([&](const Key&, const Value&) { ++n; });
    return n;
  }

 private:
  // FDB's lower_bound/upper_bound fingers: descend to the key, then drop the
  // trailing nodes that are not after it.
  void bound(cursor<Key, Value>& c, const Key& key, bool inclusive) const {
    c.reset(root_, at_);
    for (const node* p = root_; p != nullptr;) {
      c.finger_.push_back(p);
      if (inclusive && !(key < p->key) && !(p->key < key)) return;
      p = p->child(!(key < p->key), at_);
    }
    while (!c.finger_.empty() && !(key < c.finger_.back()->key)) c.finger_.pop_back();
  }

  const node* root_;
  version at_;
};

}  // namespace cores::versioned_map
