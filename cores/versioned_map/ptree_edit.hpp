#pragma once
// Updates of the persistent treap at one version: insert, remove a key,
// remove a key range. The algorithms are those of FoundationDB's PTreeImpl
// (fdbclient/VersionedMap.h: update, rotate, insert, removeRoot, remove,
// removeBeyond), rewritten without recursion: every descent records its path
// in a frame stack owned by the editor, then the changes are applied bottom-up.
//
// Edits happen at the latest version only. Nodes last changed at that version
// are changed in place (no older reader can see them); others use their spare
// pointer or are copied (ptree_node.hpp).

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "cores/versioned_map/ptree_node.hpp"

namespace cores::versioned_map {

template <class Key, class Value>
class ptree_editor {
 public:
  using node = ptree_node<Key, Value>;
  using ref = node_ref<Key, Value>;

  // Priorities come from a SplitMix64 stream (Steele, Lea, Flood, OOPSLA 2014)
  // seeded here, so the same edits give the same tree shape.
  explicit ptree_editor(std::uint64_t priority_seed) : rng_state_(priority_seed) {}

  // Whether `key` is in the tree `root` as seen at version `at`.
  static bool contains(const node* root, version at, const Key& key) {
    while (root != nullptr) {
      if (key < root->key) {
        root = root->child(false, at);
      } else if (root->key < key) {
        root = root->child(true, at);
      } else {
        return true;
      }
    }
    return false;
  }

  // Adds (key, value) at version `at`, the tree's latest version. Returns false
  // and changes nothing when the key is already present (remove it first).
  bool insert(ref& root, version at, const Key& key, const Value& value, version inserted) {
    const std::size_t base = frames_.size();
    for (node* p = root.get(); p != nullptr;) {
      if (!(key < p->key) && !(p->key < key)) {
        frames_.resize(base);
        return false;
      }
      const bool dir = p->key < key;
      node* next = p->child(dir, at);
      frames_.push_back({ref(p), dir});
      p = next;
    }
    ref cur = ref::make(next_priority(), key, value, inserted, at);
    while (frames_.size() > base) {
      frame f = pop_frame();
      ref n = update(std::move(f.n), f.dir, std::move(cur), at);
      if (n->child(f.dir, at)->priority > n->priority) rotate(n, at, !f.dir);
      cur = std::move(n);
    }
    root = std::move(cur);
    return true;
  }

  // Removes `key` at version `at`. Returns false (no change) when absent.
  bool remove(ref& root, version at, const Key& key) {
    const std::size_t base = frames_.size();
    node* p = root.get();
    while (p != nullptr) {
      bool dir = false;
      if (key < p->key) {
        dir = false;
      } else if (p->key < key) {
        dir = true;
      } else {
        break;
      }
      node* next = p->child(dir, at);
      frames_.push_back({ref(p), dir});
      p = next;
    }
    if (p == nullptr) {
      frames_.resize(base);
      return false;
    }
    root = reattach(base, remove_root(ref(p), at), at);
    return true;
  }

  // Removes every key in [begin, end) at version `at`: whole subtrees are
  // dropped by pointer, so the cost is O(depth), not O(keys removed).
  // Nothing happens unless begin < end.
  void remove_range(ref& root, version at, const Key& begin, const Key& end) {
    if (!(begin < end)) return;
    const std::size_t base = frames_.size();
    node* p = root.get();
    // Descend while the whole range lies on one side of the node.
    while (p != nullptr) {
      const int begin_dir = begin < p->key ? -1 : (p->key < begin ? 1 : 0);
      const int end_dir = p->key < end ? 1 : -1;
      if (begin_dir != end_dir) break;
      const bool dir = begin_dir == 1;
      node* next = p->child(dir, at);
      frames_.push_back({ref(p), dir});
      p = next;
    }
    if (p == nullptr) {
      frames_.resize(base);  // nothing in the range
      return;
    }
    // begin <= p->key < end: trim both subtrees, then drop p itself.
    ref split(p);
    if (begin < split->key) {
      ref left = remove_beyond(ref(split->child(false, at)), at, begin, true);
      split = update(std::move(split), false, std::move(left), at);
    }
    ref right = remove_beyond(ref(split->child(true, at)), at, end, false);
    split = update(std::move(split), true, std::move(right), at);
    root = reattach(base, remove_root(std::move(split), at), at);
  }

 private:
  struct frame {
    ref n;
    bool dir;  // the child of n the path went to
  };

  frame pop_frame() {
    frame f = std::move(frames_.back());
    frames_.pop_back();
    return f;
  }

  std::uint32_t next_priority() {
    std::uint64_t z = (rng_state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<std::uint32_t>((z ^ (z >> 31)) >> 32);
  }

  // A copy of n as seen at `at`, with the given children.
  static ref copy_with(const node& n, ref left, ref right, version at) {
    ref c = ref::make(n.priority, n.key, n.value, n.insert_version, at);
    c->pointer[0] = left.detach();
    c->pointer[1] = right.detach();
    return c;
  }

  // n with child `which` set to ptr at version `at` (FDB's update()): in place
  // when n was made at `at`, else in the spare pointer when it is free, else
  // a copy. Returns the node that now stands for n at `at`.
  static ref update(ref n, bool which, ref ptr, version at) {
    if (ptr.get() == n->child(which, at)) return n;
    if (n->last_update == at) {
      if (n->updated && n->replaced_pointer != which) {
        // The spare holds the other child; copy, and the spare is never read
        // again (n is unreachable at `at` once the parent points at the copy).
        ref c = which ? copy_with(*n, ref(n->child(false, at)), std::move(ptr), at)
                      : copy_with(*n, std::move(ptr), ref(n->child(true, at)), at);
        assign_slot(n->pointer[2], ref());
        return c;
      }
      assign_slot(n->updated ? n->pointer[2] : n->pointer[which], std::move(ptr));
      return n;
    }
    if (n->updated) {
      return which ? copy_with(*n, ref(n->child(false, at)), std::move(ptr), at)
                   : copy_with(*n, std::move(ptr), ref(n->child(true, at)), at);
    }
    n->last_update = at;
    n->replaced_pointer = which;
    assign_slot(n->pointer[2], std::move(ptr));
    n->updated = true;
    return n;
  }

  // Rotates p: right (its left child comes up) when `right`, else left.
  static void rotate(ref& p, version at, bool right) {
    ref r(p->child(!right, at));
    ref n1(r->child(!right, at));
    ref n2(r->child(right, at));
    ref n3(p->child(right, at));
    ref lowered = update(p, !right, std::move(n2), at);
    lowered = update(std::move(lowered), right, std::move(n3), at);
    ref raised = update(std::move(r), !right, std::move(n1), at);
    p = update(std::move(raised), right, std::move(lowered), at);
  }

  // Pops the frames above `base`, pointing each recorded parent at the new
  // subtree below it; returns the new top.
  ref reattach(std::size_t base, ref cur, version at) {
    while (frames_.size() > base) {
      frame f = pop_frame();
      cur = update(std::move(f.n), f.dir, std::move(cur), at);
    }
    return cur;
  }

  // The subtree p without its root: rotate the root down towards the child
  // of higher priority until it has at most one child (FDB's removeRoot).
  ref remove_root(ref p, version at) {
    const std::size_t base = frames_.size();
    for (;;) {
      node* left = p->child(false, at);
      node* right = p->child(true, at);
      if (right == nullptr) {
        p = ref(left);
        break;
      }
      if (left == nullptr) {
        p = ref(right);
        break;
      }
      const bool dir = right->priority < left->priority;
      rotate(p, at, dir);
      ref below(p->child(dir, at));
      frames_.push_back({std::move(p), dir});
      p = std::move(below);
    }
    return reattach(base, std::move(p), at);
  }

  // The subtree p without its keys beyond `pivot`: keys >= pivot when `dir`,
  // keys < pivot otherwise (FDB's removeBeyond). Dropped nodes take their
  // whole outer subtree with them.
  ref remove_beyond(ref p, version at, const Key& pivot, bool dir) {
    const std::size_t base = frames_.size();
    while (p) {
      if ((p->key < pivot) != dir) {
        p = ref(p->child(!dir, at));
      } else {
        ref next(p->child(dir, at));
        frames_.push_back({std::move(p), dir});
        p = std::move(next);
      }
    }
    return reattach(base, std::move(p), at);
  }

  std::vector<frame> frames_;  // reused by every edit, so edits do not allocate
  std::uint64_t rng_state_;
};

}  // namespace cores::versioned_map
