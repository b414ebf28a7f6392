// The `extreme` workload's points: mutate (the whole mutation stream on a
// fresh map per iteration), read_latest and read_retained (range reads over
// the history those mutations leave).


#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cores/versioned_map/versioned_map.hpp"
#include "cores/versioned_map/versioned_snapshot.hpp"
#include "harness/cases/versioned_map/benches.hpp"
#include "harness/cases/versioned_map/extreme_workload.hpp"
#include "harness/cases/versioned_map/variants.hpp"

namespace benchgate::cases::versioned_map {

namespace {

namespace vm = cores::versioned_map;
using root_ref = vm::node_ref<short_key, value_or_clear>;
using key_cursor = vm::cursor<short_key, value_or_clear>;

template <class Variant, template <class> class Alloc = std::allocator>
using extreme_map = vm::versioned_map<short_key, value_or_clear, typename Variant::template roots<root_ref, Alloc>>;
template <class Variant, template <class> class Alloc = std::allocator>
using extreme_snapshot =
    vm::versioned_snapshot<short_key, value_or_clear, typename Variant::template roots<root_ref, Alloc>>;

// Fixed seeds (any values: they only make the workload reproducible).
constexpr std::uint64_t k_mutation_seed = 0x6d75746174696f6eULL;
constexpr std::uint64_t k_read_seed = 0x72616e6765726561ULL;
constexpr std::uint64_t k_read_version_seed = 0x76657273696f6e73ULL;
// Versions (evenly spread) whose whole contents the agreement check compares.
constexpr std::size_t k_checked_versions = 64;
// Mutations start at version 1; version 0 is the empty map.
constexpr version k_first_version = 1;

// What every variant must agree on after the mutations.
struct history_check {
  std::size_t roots = 0;
  read_digest sampled;  // whole contents at the checked versions
  read_digest latest;   // whole contents at the latest version
  friend bool operator==(const history_check&, const history_check&) = default;
};

template <class View>
void add_contents(const View& view, read_digest& digest) {
  view.for_each([&](const short_key& k, const value_or_clear& v) { digest.add(k, v); });
}

template <class Map>
history_check check_history(const Map& map) {
  history_check c;
  c.roots = map.roots().size();
  const version span = map.latest_version() - map.oldest_version();
  for (std::size_t i = 0; i <= k_checked_versions; ++i) {
    const version v = map.oldest_version() + span * static_cast<version>(i) / static_cast<version>(k_checked_versions);
    add_contents(*map.at(v), c.sampled);
  }
  add_contents(map.at_latest(), c.latest);
  return c;
}

std::string describe(const history_check& c) {
  return std::to_string(c.roots) + " roots and " + std::to_string(c.latest.rows) + " rows at the latest version";
}

template <class Variant>
benchgate::bench_body mutate_body(std::shared_ptr<const std::vector<mutation>> mutations, history_check expected) {
  return [mutations = std::move(mutations), expected](benchgate::state& state) {
    auto map = std::make_unique<extreme_map<Variant>>();
    bool wrong = false;
    state.loop([&] {
      apply_mutations(*map, *mutations, k_first_version);
      // Checking and freeing the history are not part of the mutations.
      state.pause_timing();
      read_digest latest;
      add_contents(map->at_latest(), latest);
      wrong = wrong || map->roots().size() != expected.roots || !(latest == expected.latest);
      map.reset();
      map = std::make_unique<extreme_map<Variant>>();
      state.resume_timing();
    });
    if (wrong) state.fail("result incorrect: the latest version differs from the checked one");
  };
}

benchgate::prepared_point prepare_mutate(std::size_t versions) {
  auto mutations = std::make_shared<const std::vector<mutation>>(make_mutations(versions, k_mutation_seed));
  benchgate::prepared_point prepared;
  prepared.work = {benchgate::work_unit::items, static_cast<double>(versions)};
  std::optional<history_check> expected;
  for_each_variant([&](auto variant) {
    using variant_type = decltype(variant);
    if (!prepared.error.empty()) return;
    allocation_tally tally;
    history_check got;
    std::vector<benchgate::figure> figures;
    {
      extreme_map<variant_type, counting_allocator> map(make_counted_roots<variant_type, root_ref>(&tally));
      apply_mutations(map, *mutations, k_first_version);
      got = check_history(map);
      figures = memory_figures(tally, map.roots().size());
    }
    if (!expected) {
      expected = got;  // the baseline comes first
    } else if (!(got == *expected)) {
      prepared.error = "variants disagree: " + std::string(variant_type::name) + " has " + describe(got) +
                       ", map " + describe(*expected) + " (or the contents at checked versions differ)";
      return;
    }
    prepared.benches.push_back(
        {std::string(variant_type::name), mutate_body<variant_type>(mutations, *expected), std::move(figures)});
  });
  prepared.figures = {{"retained_versions", static_cast<double>(versions + 1), "versions"},
                      {"latest_rows", static_cast<double>(expected ? expected->latest.rows : 0), "rows"}};
  return prepared;
}

// The range reads, at the latest version or at read_versions[i].
template <bool at_retained, class Map>
read_digest run_reads(const Map& map, const std::vector<range_read>& reads, const std::vector<version>& read_versions,
                      key_cursor& c) {
  read_digest digest;
  for (std::size_t i = 0; i < reads.size(); ++i) {
    if constexpr (at_retained) {
      read_range(*map.at(read_versions[i]), reads[i], c, digest);
    } else {
      read_range(map.at_latest(), reads[i], c, digest);
    }
  }
  return digest;
}

template <bool at_retained, class Snapshot>
benchgate::bench_body read_body(std::shared_ptr<const Snapshot> snapshot, std::shared_ptr<const std::vector<range_read>> reads,
                            std::shared_ptr<const std::vector<version>> read_versions, read_digest expected) {
  return [=](benchgate::state& state) {
    key_cursor c;
    bool wrong = false;
    state.loop([&] {
      const read_digest got = run_reads<at_retained>(*snapshot, *reads, *read_versions, c);
      wrong = wrong || !(got == expected);
    });
    if (wrong) state.fail("result incorrect: the range reads differ from the checked ones");
  };
}

// The read phases share one history: the mutations are applied once, and
// each variant gets a snapshot of it in its own roots container (sharing
// the nodes), so the variants read the very same trees.
template <bool at_retained>
benchgate::prepared_point prepare_reads(std::size_t versions) {
  auto history = std::make_unique<extreme_map<ring_variant>>();
  apply_mutations(*history, make_mutations(versions, k_mutation_seed), k_first_version);
  const std::size_t reads_per_iteration = std::min(k_max_extreme_reads_per_iteration, versions);
  auto reads = std::make_shared<const std::vector<range_read>>(make_range_reads(reads_per_iteration, k_read_seed));
  auto read_versions = std::make_shared<const std::vector<version>>(
      at_retained ? make_read_versions(reads_per_iteration, history->oldest_version(),
                                       history->latest_version(), k_read_version_seed)
                  : std::vector<version>{});
  key_cursor c;
  const read_digest expected = run_reads<at_retained>(*history, *reads, *read_versions, c);

  benchgate::prepared_point prepared;
  prepared.work = {benchgate::work_unit::items, static_cast<double>(reads->size())};
  for_each_variant([&](auto variant) {
    using variant_type = decltype(variant);
    if (!prepared.error.empty()) return;
    std::vector<benchgate::figure> figures;
    {
      allocation_tally tally;
      const extreme_snapshot<variant_type, counting_allocator> counted(
          *history, make_counted_roots<variant_type, root_ref>(&tally));
      figures = memory_figures(tally, counted.roots().size());
    }
    auto snapshot = std::make_shared<const extreme_snapshot<variant_type>>(*history);
    const read_digest got = run_reads<at_retained>(*snapshot, *reads, *read_versions, c);
    if (!(got == expected)) {
      prepared.error = "variants disagree: " + std::string(variant_type::name) + " reads " + std::to_string(got.rows) +
                       " rows, the history " + std::to_string(expected.rows) + " (or different rows)";
      return;
    }
    prepared.benches.push_back({std::string(variant_type::name),
                                read_body<at_retained>(snapshot, reads, read_versions, expected),
                                std::move(figures)});
  });
  prepared.figures = {{"retained_versions", static_cast<double>(versions + 1), "versions"},
                      {"rows_per_iteration", static_cast<double>(expected.rows), "rows"}};
  return prepared;
}

}  // namespace

benchgate::prepared_point prepare_extreme(std::string_view phase, std::size_t versions) {
  if (phase == "mutate") return prepare_mutate(versions);
  if (phase == "read_latest") return prepare_reads<false>(versions);
  return prepare_reads<true>(versions);
}

}  // namespace benchgate::cases::versioned_map
