// The `roots` workload's points: the containers alone, root = a pointer.
// push_pop keeps `window` entries while pushing new versions; get_root looks
// up random versions among `versions` retained entries.


#include <memory>
#include <string>
#include <vector>

#include "harness/cases/versioned_map/benches.hpp"
#include "harness/cases/versioned_map/roots_workload.hpp"
#include "harness/cases/versioned_map/variants.hpp"
#include "benchgate/rng.hpp"

namespace benchgate::cases::versioned_map {

namespace {

constexpr std::uint64_t k_lookup_seed = 0x726f6f74736c6b70ULL;  // any fixed value
constexpr version k_first_version = 1;

template <class Variant>
using token_roots = typename Variant::template roots<root_token>;

// The push_pop state: the container goes on from one iteration to the next.
template <class Roots>
struct running_roots {
  Roots roots;
  version next = 0;
};

template <class Variant>
benchgate::bench_body push_pop_body(std::shared_ptr<running_roots<token_roots<Variant>>> run,
                                std::shared_ptr<const root_tokens> tokens, version window) {
  return [run, tokens, window](benchgate::state& state) {
    state.loop([&] { run->next = push_pop(run->roots, *tokens, run->next, k_roots_ops_per_iteration / 2); });
    const version back = run->next - 1;
    const bool right = run->roots.size() == static_cast<std::size_t>(window) &&
                       run->roots.front_version() == back - window + 1 && run->roots.root_at(back) == tokens->of(back);
    if (!right) state.fail("result incorrect: the container does not hold the last window of versions");
  };
}

benchgate::prepared_point prepare_push_pop(version window) {
  auto tokens = std::make_shared<const root_tokens>();
  benchgate::prepared_point prepared;
  // Each step is one push_back and one pop_front: two operations.
  prepared.work = {benchgate::work_unit::items, static_cast<double>(k_roots_ops_per_iteration)};
  for_each_variant([&](auto variant) {
    using variant_type = decltype(variant);
    if (!prepared.error.empty()) return;
    auto figures = counted_roots_memory<variant_type, root_token>([&](auto& counted) {
      push_versions(counted, *tokens, k_first_version, window);
      push_pop(counted, *tokens, window + 1, k_roots_ops_per_iteration / 2);
    });
    auto run = std::make_shared<running_roots<token_roots<variant_type>>>();
    push_versions(run->roots, *tokens, k_first_version, window);
    run->next = push_pop(run->roots, *tokens, window + 1, k_roots_ops_per_iteration / 2);
    const version back = run->next - 1;
    if (run->roots.size() != static_cast<std::size_t>(window) || run->roots.front_version() != back - window + 1 ||
        run->roots.root_at(back) != tokens->of(back)) {
      prepared.error = "variants disagree: " + std::string(variant_type::name) + " holds " +
                       std::to_string(run->roots.size()) + " entries from version " +
                       std::to_string(run->roots.front_version()) + ", expected " + std::to_string(window) +
                       " from " + std::to_string(back - window + 1);
      return;
    }
    prepared.benches.push_back(
        {std::string(variant_type::name), push_pop_body<variant_type>(run, tokens, window), std::move(figures)});
  });
  prepared.figures = {{"retained_versions", static_cast<double>(window), "versions"}};
  return prepared;
}

template <class Roots>
benchgate::bench_body get_root_body(std::shared_ptr<const Roots> roots, std::shared_ptr<const root_tokens> tokens,
                                std::shared_ptr<const std::vector<version>> lookups) {
  return [=](benchgate::state& state) {
    std::size_t wrong = 0;
    state.loop([&] { wrong += get_roots(*roots, *tokens, *lookups); });
    if (wrong != 0) state.fail("result incorrect: a lookup returned another version's root");
  };
}

benchgate::prepared_point prepare_get_root(std::size_t versions) {
  auto tokens = std::make_shared<const root_tokens>();
  const auto last = static_cast<version>(versions);
  std::vector<version> lookups;
  benchgate::splitmix64 rng(k_lookup_seed);
  for (std::size_t i = 0; i < k_roots_ops_per_iteration; ++i) {
    lookups.push_back(k_first_version + static_cast<version>(rng.below(versions)));
  }
  auto shared_lookups = std::make_shared<const std::vector<version>>(std::move(lookups));
  benchgate::prepared_point prepared;
  prepared.work = {benchgate::work_unit::items, static_cast<double>(k_roots_ops_per_iteration)};
  for_each_variant([&](auto variant) {
    using variant_type = decltype(variant);
    if (!prepared.error.empty()) return;
    auto figures = counted_roots_memory<variant_type, root_token>(
        [&](auto& counted) { push_versions(counted, *tokens, k_first_version, last); });
    auto roots = std::make_shared<token_roots<variant_type>>();
    push_versions(*roots, *tokens, k_first_version, last);
    const std::size_t wrong = get_roots(*roots, *tokens, *shared_lookups);
    if (wrong != 0) {
      prepared.error = "variants disagree: " + std::string(variant_type::name) + " returns a wrong root for " +
                       std::to_string(wrong) + " lookups";
      return;
    }
    prepared.benches.push_back({std::string(variant_type::name),
                                get_root_body(std::shared_ptr<const token_roots<variant_type>>(roots), tokens,
                                              shared_lookups),
                                std::move(figures)});
  });
  prepared.figures = {{"retained_versions", static_cast<double>(versions), "versions"}};
  return prepared;
}

}  // namespace

benchgate::prepared_point prepare_roots(std::string_view phase, std::size_t versions, version window) {
  if (phase == "push_pop") return prepare_push_pop(window);
  return prepare_get_root(versions);
}

}  // namespace benchgate::cases::versioned_map
