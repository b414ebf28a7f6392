#pragma once
// The node of the persistent treap (PTree in FoundationDB's
// fdbclient/VersionedMap.h) and its owning handle.
//
// A node has three child pointers: left, right and one spare. The spare lets
// a node take one child change in place at a newer version: readers at that
// version or later see the spare instead of the child it replaced; older
// readers still see the original. This is node copying with one spare
// pointer (Driscoll, Sarnak, Sleator, Tarjan, "Making data structures
// persistent", JCSS 1989): amortised O(1) new nodes per update instead of a
// copied path.
//
// Nodes are reference counted (without atomics: one map, one thread) and
// freed iteratively when the last reference goes, so a long chain of nodes
// never recurses.

#include <cstdint>
#include <utility>

#include "cores/versioned_map/version.hpp"

namespace cores::versioned_map {

template <class Key, class Value>
struct ptree_node {
  std::uint32_t refs = 0;
  std::uint32_t priority = 0;             // max-heap order; random at creation, kept by copies
  ptree_node* pointer[3] = {};            // left, right, spare; each holds one reference
  union {
    version last_update;                  // when the node was created or its spare was set
    ptree_node* next_dead;                // only while being freed: the free list link
  };
  bool updated = false;                   // the spare is in use
  bool replaced_pointer = false;          // which child the spare replaces (false: left)
  Key key;
  Value value;
  version insert_version = 0;             // when the key was set (FDB keeps it in the data)

  // A node without children, last changed at `at`; refs is set by node_ref::make.
  ptree_node(std::uint32_t prio, Key k, Value v, version inserted, version at)
      : priority(prio), last_update(at), key(std::move(k)), value(std::move(v)), insert_version(inserted) {}
  ptree_node(const ptree_node&) = delete;
  ptree_node& operator=(const ptree_node&) = delete;

  // The child `which` (false: left, true: right) as seen by a reader at `at`.
  const ptree_node* child(bool which, version at) const {
    return updated && last_update <= at && which == replaced_pointer ? pointer[2] : pointer[which];
  }
  ptree_node* child(bool which, version at) {
    return updated && last_update <= at && which == replaced_pointer ? pointer[2] : pointer[which];
  }
};

// Takes one reference to `n` (null allowed).
template <class Node>
inline void retain(Node* n) noexcept {
  if (n != nullptr) ++n->refs;
}

// Drops one reference to `n` (null allowed); frees every node whose last
// reference goes, without recursion: dead nodes are chained through the
// `next_dead` field, which overlays `last_update` (unused once dead).
template <class Node>
inline void release(Node* n) noexcept {
  if (n == nullptr || --n->refs != 0) return;
  n->next_dead = nullptr;
  Node* dead = n;
  while (dead != nullptr) {
    Node* x = dead;
    dead = x->next_dead;
    for (Node* c : x->pointer) {
      if (c != nullptr && --c->refs == 0) {
        c->next_dead = dead;
        dead = c;
      }
    }
    delete x;
  }
}

// An owning reference to a node (like FDB's Reference<PTree>); null allowed.
template <class Key, class Value>
class node_ref {
 public:
  using node = ptree_node<Key, Value>;

  // Null.
  node_ref() noexcept = default;
  // Takes a new reference to `n`.
  explicit node_ref(node* n) noexcept : p_(n) { retain(p_); }
  // Copies take a reference, moves steal one, destruction drops one.
  node_ref(const node_ref& other) noexcept : p_(other.p_) { retain(p_); }
  node_ref(node_ref&& other) noexcept : p_(std::exchange(other.p_, nullptr)) {}
  node_ref& operator=(const node_ref& other) noexcept {
    node_ref copy(other);
    std::swap(p_, copy.p_);
    return *this;
  }
  node_ref& operator=(node_ref&& other) noexcept {
    node_ref moved(std::move(other));
    std::swap(p_, moved.p_);
    return *this;
  }
  ~node_ref() { release(p_); }

  // A new node with one reference, held by the returned handle.
  template <class... Args>
  static node_ref make(Args&&... args) {
    node_ref r;
    r.p_ = new node(std::forward<Args>(args)...);
    r.p_->refs = 1;
    return r;
  }

  // The node (null allowed), borrowed.
  node* get() const noexcept { return p_; }
  node* operator->() const noexcept { return p_; }
  node& operator*() const noexcept { return *p_; }
  explicit operator bool() const noexcept { return p_ != nullptr; }

  // Gives up the reference without dropping it: the caller now owns it.
  node* detach() noexcept { return std::exchange(p_, nullptr); }

  // The same node (identity, not contents).
  friend bool operator==(const node_ref& a, const node_ref& b) noexcept { return a.p_ == b.p_; }

 private:
  node* p_ = nullptr;
};

// Replaces the owned pointer `slot` (a node's pointer[i]) by `value`.
template <class Key, class Value>
inline void assign_slot(ptree_node<Key, Value>*& slot, node_ref<Key, Value> value) noexcept {
  auto* old = slot;
  slot = value.detach();
  release(old);
}

}  // namespace cores::versioned_map
