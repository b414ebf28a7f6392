#pragma once
// A read-only copy of a versioned map's retained versions, held in another
// roots container and sharing the map's nodes (each root entry is a counted
// reference, so the nodes live as long as either side needs them).
//
// Reads at versions after the snapshot's latest read as its latest, so later
// edits of the source at newer versions (which may use spare pointers of
// shared nodes) are never seen. The source must not be edited again at its
// current latest version: call create_new_version first (edits at the
// latest version change nodes in place).

#include <algorithm>
#include <optional>
#include <type_traits>
#include <utility>

#include "cores/versioned_map/read_view.hpp"
#include "cores/versioned_map/versioned_map.hpp"

namespace cores::versioned_map {

template <class Key, class Value, class Roots>
class versioned_snapshot {
 public:
  using root_ref = node_ref<Key, Value>;
  using view = read_view<Key, Value>;
  static_assert(std::is_same_v<typename Roots::root_type, root_ref>,
                "the roots container must hold node_ref<Key, Value>");

  // The retained versions of `source`, pushed in order into `roots` (empty).
  template <class SourceRoots>
  explicit versioned_snapshot(const versioned_map<Key, Value, SourceRoots>& source, Roots roots = Roots())
      : roots_(std::move(roots)), oldest_(source.oldest_version()), latest_(source.latest_version()) {
    roots_.clear();
    source.roots().for_each([&](version v, const root_ref& root) { roots_.push_back(v, root); });
  }
  versioned_snapshot(const versioned_snapshot&) = delete;
  versioned_snapshot& operator=(const versioned_snapshot&) = delete;

  // As in the source when the snapshot was taken.
  version oldest_version() const { return oldest_; }
  version latest_version() const { return latest_; }
  const Roots& roots() const { return roots_; }

  // As versioned_map::at: nullopt when v < oldest_version().
  std::optional<view> at(version v) const {
    if (v < oldest_) return std::nullopt;
    return view(roots_.root_at(v).get(), std::min(v, latest_));
  }

  // The snapshot's latest version.
  view at_latest() const { return view(roots_.back_root().get(), latest_); }

 private:
  Roots roots_;
  version oldest_;
  version latest_;
};

}  // namespace cores::versioned_map
