// The `window` workload's points. Each variant's map is first run to the
// steady state (window full, forgetting under way); then `update` times
// batches of the benchmark's loop continuing on that map, and `find`,
// `lower_bound` and `scan` time historical reads at random retained
// versions of it.


#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cores/versioned_map/versioned_map.hpp"
#include "harness/cases/versioned_map/benches.hpp"
#include "harness/cases/versioned_map/variants.hpp"
#include "harness/cases/versioned_map/window_workload.hpp"
#include "benchgate/rng.hpp"

namespace benchgate::cases::versioned_map {

namespace {

namespace vm = cores::versioned_map;
using root_ref = vm::node_ref<int, int>;
using int_cursor = vm::cursor<int, int>;

template <class Variant, template <class> class Alloc = std::allocator>
using window_map = vm::versioned_map<int, int, typename Variant::template roots<root_ref, Alloc>>;

constexpr std::uint64_t k_read_version_seed = 0x77696e646f777273ULL;  // any fixed value

enum class read_kind { find, lower_bound, scan };

// A map whose roots container counts its memory; not movable (the
// allocator points at the tally).
template <class Variant>
struct counted_map {
  allocation_tally tally;
  window_map<Variant, counting_allocator> map{make_counted_roots<Variant, root_ref>(&tally)};
};

// Populates `map` and runs it to the steady state.
template <class Map>
void build_steady(Map& map, version window) {
  populate(map);
  run_versions(map, 2, window_steady_version(window), window);
}

// What every variant's map must agree on: its roots, and the sum of keys
// and values at the latest version and at the oldest.
struct window_check {
  std::size_t roots = 0;
  version oldest = 0;
  version latest = 0;
  std::int64_t latest_sum = 0;
  std::int64_t oldest_sum = 0;
  friend bool operator==(const window_check&, const window_check&) = default;
};

template <class View>
std::int64_t contents_sum(const View& view) {
  std::int64_t sum = 0;
  view.for_each([&](int k, int v) { sum += k + 3 * static_cast<std::int64_t>(v); });
  return sum;
}

template <class Map>
window_check check_map(const Map& map) {
  return {map.roots().size(), map.oldest_version(), map.latest_version(), contents_sum(map.at_latest()),
          contents_sum(*map.at(map.oldest_version()))};
}

std::string describe(const window_check& c) {
  return std::to_string(c.roots) + " roots, versions " + std::to_string(c.oldest) + ".." + std::to_string(c.latest);
}

// The update phase's state: the map goes on from one iteration to the next.
template <class Map>
struct running_map {
  Map map;
  version next = 0;
};

template <class Variant>
benchgate::bench_body update_body(std::shared_ptr<running_map<window_map<Variant>>> state_ptr, version window) {
  return [state_ptr, window](benchgate::state& state) {
    auto& run = *state_ptr;
    state.loop([&] {
      run_versions(run.map, run.next, run.next + k_window_batch_versions - 1, window);
      run.next += k_window_batch_versions;
    });
    // Every batch ends on a forget: versions latest - window .. latest remain.
    const version latest = run.map.latest_version();
    const bool steady = run.map.roots().size() == static_cast<std::size_t>(window + 1) &&
                        run.map.oldest_version() == latest - window &&
                        historical_find(run.map.at_latest(), latest) == latest;
    if (!steady) state.fail("result incorrect: the map left its steady state");
  };
}

template <read_kind kind, class Map>
std::int64_t run_reads(const Map& map, const std::vector<version>& read_versions, int_cursor& c) {
  std::int64_t sum = 0;
  for (const version r : read_versions) {
    const auto view = *map.at(r);
    if constexpr (kind == read_kind::find) {
      sum += historical_find(view, r);
    } else if constexpr (kind == read_kind::lower_bound) {
      sum += historical_lower_bound(view, c, r);
    } else {
      sum += historical_scan(view, c, r);
    }
  }
  return sum;
}

template <read_kind kind, class Counted>
benchgate::bench_body read_body(std::shared_ptr<const Counted> counted,
                            std::shared_ptr<const std::vector<version>> read_versions, std::int64_t expected) {
  return [=](benchgate::state& state) {
    int_cursor c;
    bool wrong = false;
    state.loop([&] { wrong = wrong || run_reads<kind>(counted->map, *read_versions, c) != expected; });
    if (wrong) state.fail("result incorrect: the historical reads differ from the checked ones");
  };
}

benchgate::prepared_point prepare_update(version window) {
  benchgate::prepared_point prepared;
  std::optional<window_check> expected;
  std::int64_t ops_per_batch = 0;
  for_each_variant([&](auto variant) {
    using variant_type = decltype(variant);
    if (!prepared.error.empty()) return;
    std::vector<benchgate::figure> figures;
    window_check got;
    {
      // One extra batch on the counted map: its op count is the work of
      // every timed iteration, and its memory is the steady state's.
      counted_map<variant_type> counted;
      build_steady(counted.map, window);
      const version first = counted.map.latest_version() + 1;
      ops_per_batch = run_versions(counted.map, first, first + k_window_batch_versions - 1, window);
      got = check_map(counted.map);
      figures = memory_figures(counted.tally, counted.map.roots().size());
    }
    if (!expected) {
      expected = got;
    } else if (!(got == *expected)) {
      prepared.error = "variants disagree: " + std::string(variant_type::name) + " has " + describe(got) + ", map " +
                       describe(*expected) + " (or different contents)";
      return;
    }
    auto run = std::make_shared<running_map<window_map<variant_type>>>();
    build_steady(run->map, window);
    run->next = run->map.latest_version() + 1;
    prepared.benches.push_back(
        {std::string(variant_type::name), update_body<variant_type>(std::move(run), window), std::move(figures)});
  });
  prepared.work = {benchgate::work_unit::items, static_cast<double>(ops_per_batch)};
  prepared.figures = {{"versions_per_iteration", static_cast<double>(k_window_batch_versions), "versions"},
                      {"retained_versions", static_cast<double>(window + 1), "versions"}};
  return prepared;
}

template <read_kind kind>
benchgate::prepared_point prepare_historical(version window) {
  benchgate::prepared_point prepared;
  std::shared_ptr<const std::vector<version>> read_versions;
  std::optional<std::int64_t> expected;
  for_each_variant([&](auto variant) {
    using variant_type = decltype(variant);
    if (!prepared.error.empty()) return;
    // Reads allocate nothing, so the counted map is also the timed one.
    auto counted = std::make_shared<counted_map<variant_type>>();
    auto& map = counted->map;
    build_steady(map, window);
    auto figures = memory_figures(counted->tally, map.roots().size());
    if (!read_versions) {
      benchgate::splitmix64 rng(k_read_version_seed);
      std::vector<version> versions;
      const auto span = static_cast<std::uint64_t>(map.latest_version() - map.oldest_version()) + 1;
      for (version i = 0; i < k_window_batch_versions; ++i) {
        versions.push_back(map.oldest_version() + static_cast<version>(rng.below(span)));
      }
      read_versions = std::make_shared<const std::vector<version>>(std::move(versions));
    }
    int_cursor c;
    const std::int64_t got = run_reads<kind>(map, *read_versions, c);
    if (!expected) {
      expected = got;
    } else if (got != *expected) {
      prepared.error = "variants disagree: " + std::string(variant_type::name) + " reads sum to " +
                       std::to_string(got) + ", map " + std::to_string(*expected);
      return;
    }
    prepared.benches.push_back({std::string(variant_type::name),
                                read_body<kind>(std::shared_ptr<const counted_map<variant_type>>(counted), read_versions, got),
                                std::move(figures)});
  });
  // FDB counts a scan's steps as its operations.
  const double ops_per_read = kind == read_kind::scan ? k_window_scan_width : 1;
  prepared.work = {benchgate::work_unit::items, static_cast<double>(k_window_batch_versions) * ops_per_read};
  prepared.figures = {{"reads_per_iteration", static_cast<double>(k_window_batch_versions), "reads"},
                      {"retained_versions", static_cast<double>(window + 1), "versions"}};
  return prepared;
}

}  // namespace

benchgate::prepared_point prepare_window(std::string_view phase, version window) {
  if (phase == "update") return prepare_update(window);
  if (phase == "find") return prepare_historical<read_kind::find>(window);
  if (phase == "lower_bound") return prepare_historical<read_kind::lower_bound>(window);
  return prepare_historical<read_kind::scan>(window);
}

}  // namespace benchgate::cases::versioned_map
