#pragma once
// A multi-version ordered map (FoundationDB's VersionedMap,
// fdbclient/VersionedMap.h), generic over the container of its roots.
//
// `roots` holds (version, root) in strictly increasing version order; each
// root is a persistent treap sharing structure with older versions. Edits go
// to the latest version; any retained version can be read. Versions may have
// gaps: a read at v sees the last version <= v.
//
// The Roots container is the only thing the variants change: ring_roots
// (cores), deque_roots (the PR), baselines::versioned_map::map_roots and the
// boost::circular_buffer peer, all with Root = node_ref<Key, Value>.
//
// Bad versions are reported (status, nullopt), never asserted.

#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

#include "cores/versioned_map/ptree_edit.hpp"
#include "cores/versioned_map/ptree_node.hpp"
#include "cores/versioned_map/read_view.hpp"
#include "cores/versioned_map/version.hpp"

namespace cores::versioned_map {

// Any fixed seed works: it only makes tree shapes reproducible run to run
// (FDB draws priorities from its deterministic simulation RNG).
inline constexpr std::uint64_t k_default_priority_seed = 0x5eed0f7ae4b17e5dULL;

template <class Key, class Value, class Roots>
class versioned_map {
 public:
  using root_ref = node_ref<Key, Value>;
  using view = read_view<Key, Value>;
  static_assert(std::is_same_v<typename Roots::root_type, root_ref>,
                "the roots container must hold node_ref<Key, Value>");

  // An empty map at version 0, whose only roots entry is (0, empty tree).
  // `roots` is the (empty) container to use, e.g. with a given allocator.
  explicit versioned_map(Roots roots = Roots(), std::uint64_t priority_seed = k_default_priority_seed)
      : roots_(std::move(roots)), editor_(priority_seed) {
    roots_.clear();
    roots_.push_back(0, root_ref());
  }
  // Copies would share nodes that edits change in place.
  versioned_map(const versioned_map&) = delete;
  versioned_map& operator=(const versioned_map&) = delete;

  // The oldest readable version, the version edits go to, and the roots
  // container (read-only: tests and snapshots walk it).
  version oldest_version() const { return oldest_; }
  version latest_version() const { return latest_; }
  const Roots& roots() const { return roots_; }

  // Makes v the latest version (later edits go to it). v == latest: no-op.
  // v < latest: version_not_increasing, nothing changes.
  status create_new_version(version v) {
    if (v < latest_) return status::version_not_increasing;
    if (v > latest_) {
      latest_ = v;
      roots_.push_back(v, roots_.back_root());
    }
    return status::ok;
  }

  // Sets key to value at the latest version (replacing any older value, as
  // FDB does: remove, then insert). Invalidates views at the latest version.
  void insert(const Key& key, const Value& value) {
    root_ref& root = roots_.back_root();
    if (!editor_.insert(root, latest_, key, value, latest_)) {
      editor_.remove(root, latest_, key);
      editor_.insert(root, latest_, key, value, latest_);
    }
  }

  // Removes key at the latest version; false (no change) when absent.
  bool erase(const Key& key) { return editor_.remove(roots_.back_root(), latest_, key); }

  // Removes the keys in [begin, end) at the latest version; nothing unless
  // begin < end.
  void erase(const Key& begin, const Key& end) {
    editor_.remove_range(roots_.back_root(), latest_, begin, end);
  }

  // Forgets every version before v; v becomes the oldest version (its entry
  // is created from the last version <= v when v is in a gap). Nodes no
  // remaining version reaches are freed. v > latest: version_after_latest;
  // v < oldest: version_before_oldest; nothing changes on error.
  status forget_versions_before(version v) {
    if (v > latest_) return status::version_after_latest;
    if (v < oldest_) return status::version_before_oldest;
    roots_.forget_before(v);
    oldest_ = v;
    return status::ok;
  }

  // The map as of version v (versions after the latest read as the latest).
  // nullopt when v < oldest_version(): that version is forgotten.
  std::optional<view> at(version v) const {
    if (v < oldest_) return std::nullopt;
    return view(roots_.root_at(v).get(), v);
  }

  // The map as of the latest version.
  view at_latest() const { return view(roots_.back_root().get(), latest_); }

 private:
  Roots roots_;
  ptree_editor<Key, Value> editor_;
  version oldest_ = 0;
  version latest_ = 0;
};

}  // namespace cores::versioned_map
