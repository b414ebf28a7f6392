#pragma once
// The four variants of the case: the same versioned map over four roots
// containers. Each descriptor names its container for any root type and
// allocator, so one template serves every workload and the memory figure.

#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "baselines/versioned_map/map_roots.hpp"
#include "cores/versioned_map/deque_roots.hpp"
#include "cores/versioned_map/ring_roots.hpp"
#include "harness/cases/versioned_map/circular_buffer_roots.hpp"
#include "harness/cases/versioned_map/counting_allocator.hpp"
#include "benchgate/case.hpp"

namespace benchgate::cases::versioned_map {

using cores::versioned_map::version;

struct map_variant {
  static constexpr std::string_view name = "map";
  static constexpr benchgate::variant_role role = benchgate::variant_role::baseline;
  static constexpr std::string_view description =
      "std::map<Version, root> plus a cached latest-root pointer (FoundationDB before the PR)";
  template <class Root, template <class> class Alloc = std::allocator>
  using roots = baselines::versioned_map::map_roots<Root, Alloc<std::pair<const version, Root>>>;
};

struct deque_variant {
  static constexpr std::string_view name = "deque";
  static constexpr benchgate::variant_role role = benchgate::variant_role::core;
  static constexpr std::string_view description =
      "std::deque of (version, root), binary searched; forget inserts then erases (the PR)";
  template <class Root, template <class> class Alloc = std::allocator>
  using roots = cores::versioned_map::deque_roots<Root, Alloc<cores::versioned_map::root_entry<Root>>>;
};

struct ring_variant {
  static constexpr std::string_view name = "ring";
  static constexpr benchgate::variant_role role = benchgate::variant_role::core;
  static constexpr std::string_view description =
      "power-of-two circular buffer, binary search across the wrap point, forget in place "
      "(the reviewer's proposal, FoundationDB issue #2226)";
  template <class Root, template <class> class Alloc = std::allocator>
  using roots = cores::versioned_map::ring_roots<Root, Alloc<cores::versioned_map::root_entry<Root>>>;
};

struct circular_buffer_variant {
  static constexpr std::string_view name = "circular_buf";
  static constexpr benchgate::variant_role role = benchgate::variant_role::peer;
  static constexpr std::string_view description =
      "boost::circular_buffer, capacity doubled before it fills, erase_begin to forget";
  template <class Root, template <class> class Alloc = std::allocator>
  using roots = circular_buffer_roots<Root, Alloc<cores::versioned_map::root_entry<Root>>>;
};

// Calls visit(descriptor) for each variant, baseline first.
template <class Visit>
void for_each_variant(Visit&& visit) {
  visit(map_variant{});
  visit(deque_variant{});
  visit(ring_variant{});
  visit(circular_buffer_variant{});
}

// An empty roots container of `Variant` whose memory is counted in `tally`.
template <class Variant, class Root>
auto make_counted_roots(allocation_tally* tally) {
  using roots = typename Variant::template roots<Root, counting_allocator>;
  return roots(typename roots::allocator_type(tally));
}

// The memory figures of a roots container holding `entries` entries.
inline std::vector<benchgate::figure> memory_figures(const allocation_tally& tally, std::size_t entries) {
  const double n = entries == 0 ? 1.0 : static_cast<double>(entries);
  return {{"roots_bytes_per_version", static_cast<double>(tally.live_bytes) / n, "B"},
          {"roots_heap_bytes_per_version", static_cast<double>(tally.live_heap_bytes) / n, "B"}};
}

// The memory figures of a counted roots container of `Variant` (of `Root`
// entries) after `fill(roots)`.
template <class Variant, class Root, class Fill>
std::vector<benchgate::figure> counted_roots_memory(Fill&& fill) {
  allocation_tally tally;
  auto counted = make_counted_roots<Variant, Root>(&tally);
  fill(counted);
  return memory_figures(tally, counted.size());
}

}  // namespace benchgate::cases::versioned_map
