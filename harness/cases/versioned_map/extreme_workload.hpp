#pragma once
// The `extreme` workload (harness/cases/versioned_map/SPEC.md, workload 1): the PR's
// microbenchmark, scaled. One new version per mutation; 95 % sets, 5 %
// clears with FDB storage-server semantics (a clear erases [begin, end) and
// leaves a clear marker begin -> end; a set inside a cleared range splits
// the marker); then range reads at the latest and at retained versions.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cores/versioned_map/read_view.hpp"
#include "cores/versioned_map/version.hpp"
#include "harness/cases/versioned_map/short_key.hpp"

namespace benchgate::cases::versioned_map {

using cores::versioned_map::version;

// One mutation: set `first` to value `second`, or clear [first, second).
struct mutation {
  bool is_clear = false;
  short_key first;
  short_key second;
};

// A range read: entries with begin <= key < end, at most k_range_read_rows.
struct range_read {
  short_key begin;
  short_key end;
};

// Rows per range read: FDB's multiversion benchmark scans 8 entries
// (scanWidth in fdbclient/VersionedMap.actor.cpp); the PR does not say.
inline constexpr std::size_t k_range_read_rows = 8;

// Every k_clear_period-th mutation is a clear: 5 %, fixed, not random.
inline constexpr std::size_t k_clear_period = 20;

// The mutation stream: `count` mutations from `seed` (spec: key lengths
// floor(u^3 * 11) over 'a'..'l', values floor(u^3 * 5) over 'o'..'y'; clear
// ends as described in harness/cases/versioned_map/SPEC.md).
std::vector<mutation> make_mutations(std::size_t count, std::uint64_t seed);

// `count` range reads with random ends drawn like the keys.
std::vector<range_read> make_range_reads(std::size_t count, std::uint64_t seed);

// `count` versions drawn uniformly from [oldest, latest].
std::vector<version> make_read_versions(std::size_t count, version oldest, version latest,
                                        std::uint64_t seed);

// Applies `m` at the map's latest version. `c` is scratch space.
template <class Map>
void apply_mutation(Map& map, const mutation& m, cores::versioned_map::cursor<short_key, value_or_clear>& c) {
  const auto view = map.at_latest();
  if (!m.is_clear) {
    // A set inside a cleared range splits its marker (FDB StorageServer's
    // applyMutation): [prev, key) stays clear, and so does (key, end).
    view.last_less_or_equal(c, m.first);
    if (c.valid() && c.value().is_clear && m.first < c.value().bytes) {
      const short_key marker = c.key();
      const short_key clear_end = c.value().bytes;
      map.insert(marker, value_or_clear{m.first, true});
      const short_key next = m.first.after();
      if (!(next == clear_end)) map.insert(next, value_or_clear{clear_end, true});
    }
    map.insert(m.first, value_or_clear{m.second, false});
    return;
  }
  // A clear swallows the clears it overlaps (FDB's expandClear), so markers
  // never overlap.
  short_key begin = m.first;
  short_key end = m.second;
  view.last_less(c, begin);
  if (c.valid() && c.value().is_clear && !(c.value().bytes < begin)) begin = c.key();
  view.last_less_or_equal(c, end);
  if (c.valid() && c.value().is_clear && !(c.value().bytes < end)) end = c.value().bytes;
  map.erase(begin, end);
  map.insert(begin, value_or_clear{end, true});
}

// Applies the mutations, one new version each (versions first_version,
// first_version + 1, ...).
template <class Map>
void apply_mutations(Map& map, const std::vector<mutation>& mutations, version first_version) {
  cores::versioned_map::cursor<short_key, value_or_clear> c;
  version v = first_version;
  for (const auto& m : mutations) {
    map.create_new_version(v++);
    apply_mutation(map, m, c);
  }
}

// The rows one range read yields in `view`, folded into a checksum (FNV-1a
// style mixing of key bytes and kind) so that variants can be compared.
struct read_digest {
  std::uint64_t rows = 0;
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a 64-bit offset basis

  void add(const short_key& key, const value_or_clear& value) {
    constexpr std::uint64_t k_fnv_prime = 0x100000001b3ULL;  // FNV-1a 64-bit prime
    ++rows;
    for (const char ch : key.view()) hash = (hash ^ static_cast<unsigned char>(ch)) * k_fnv_prime;
    hash = (hash ^ (value.is_clear ? 1U : 2U) ^ (value.bytes.size() << 2)) * k_fnv_prime;
  }
  friend bool operator==(const read_digest&, const read_digest&) = default;
};

// One range read: up to k_range_read_rows entries of [r.begin, r.end).
inline void read_range(const cores::versioned_map::read_view<short_key, value_or_clear>& view,
                       const range_read& r, cores::versioned_map::cursor<short_key, value_or_clear>& c,
                       read_digest& digest) {
  view.lower_bound(c, r.begin);
  for (std::size_t row = 0; row < k_range_read_rows && c.valid() && c.key() < r.end; ++row) {
    digest.add(c.key(), c.value());
    c.next();
  }
}

}  // namespace benchgate::cases::versioned_map
