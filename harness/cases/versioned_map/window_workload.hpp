#pragma once
// The `window` workload (harness/cases/versioned_map/SPEC.md, workload 2): FoundationDB's
// multiversion benchmark ("performance/multiversion/map/int/VersionedMap" in
// fdbclient/VersionedMap.actor.cpp). 20000 initial keys; per version:
// createNewVersion, two inserts, one erase of the key inserted `window`
// versions ago, and every 1000 versions forgetVersionsBefore(v - window);
// historical reads (find, lower_bound, an 8-step scan) at retained versions.

#include <cstddef>
#include <cstdint>

#include "cores/versioned_map/read_view.hpp"
#include "cores/versioned_map/version.hpp"

namespace benchgate::cases::versioned_map {

using cores::versioned_map::version;

// FDB's constants: initialKeys, forgetEvery, scanWidth.
inline constexpr int k_window_initial_keys = 20000;
inline constexpr version k_window_forget_every = 1000;
inline constexpr int k_window_scan_width = 8;
// Versions per timed iteration of the update phase (and reads per iteration
// of the read phases): whole forget periods, so every iteration does the
// same mix of operations; five keep an iteration near 30 ms.
inline constexpr version k_window_batch_versions = 5 * k_window_forget_every;

// The version after which the map is in its steady state: the window is
// full and forgetting has started (a multiple of the forget period).
constexpr version window_steady_version(version window) {
  const version at_least = 2 * window + k_window_forget_every;
  return (at_least + k_window_forget_every - 1) / k_window_forget_every * k_window_forget_every;
}

// Version 1 holds keys 0..19999 (value = key).
template <class Map>
void populate(Map& map) {
  map.create_new_version(1);
  for (int key = 0; key < k_window_initial_keys; ++key) map.insert(key, key);
}

// Runs versions first..last of the benchmark's loop; returns the number of
// map operations (create, insert, erase, forget), FDB's op counts summed.
template <class Map>
std::int64_t run_versions(Map& map, version first, version last, version window) {
  std::int64_t ops = 0;
  for (version v = first; v <= last; ++v) {
    map.create_new_version(v);
    map.insert(static_cast<int>(v % k_window_initial_keys), static_cast<int>(v));
    map.insert(static_cast<int>(k_window_initial_keys + v), static_cast<int>(v));
    ops += 3;
    if (v > window + 1) {
      map.erase(static_cast<int>(k_window_initial_keys + v - window));
      ++ops;
    }
    if (v > window && v % k_window_forget_every == 0) {
      map.forget_versions_before(v - window);
      ++ops;
    }
  }
  return ops;
}

// The historical reads of one version r, as in FDB's loop. Each returns a
// small number that must be the same for every variant (hits and values).
template <class View>
std::int64_t historical_find(const View& view, version r) {
  const int* value = view.find(static_cast<int>(r % k_window_initial_keys));
  return value == nullptr ? -1 : *value;
}

template <class View, class Cursor>
std::int64_t historical_lower_bound(const View& view, Cursor& c, version r) {
  view.lower_bound(c, static_cast<int>((r * 17) % k_window_initial_keys));
  return c.valid() ? c.key() : -1;
}

template <class View, class Cursor>
std::int64_t historical_scan(const View& view, Cursor& c, version r) {
  view.lower_bound(c, static_cast<int>((r * 31) % (k_window_initial_keys - k_window_scan_width)));
  std::int64_t sum = 0;
  for (int step = 0; step < k_window_scan_width && c.valid(); ++step) {
    sum += c.key();
    c.next();
  }
  return sum;
}

}  // namespace benchgate::cases::versioned_map
