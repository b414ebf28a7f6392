#include "harness/run/cache_sim.hpp"

#include <algorithm>

#include "harness/formats/metric.hpp"

namespace benchgate::run {

std::vector<std::string> cache_sim_arguments() {
  return {"--cache-sim=yes", "--I1=" + std::string(k_i1_cache), "--D1=" + std::string(k_d1_cache),
          "--LL=" + std::string(k_ll_cache)};
}

std::int64_t cache_events::of(std::string_view event) const {
  const auto it = std::find(k_cache_event_names.begin(), k_cache_event_names.end(), event);
  return it == k_cache_event_names.end() ? 0 : counts[static_cast<std::size_t>(it - k_cache_event_names.begin())];
}

cache_events& cache_events::operator+=(const cache_events& other) {
  for (std::size_t i = 0; i < counts.size(); ++i) counts[i] += other.counts[i];
  return *this;
}

std::optional<cache_columns> find_cache_columns(std::string_view events) {
  std::vector<std::string_view> names;
  while (!events.empty()) {
    const auto space = events.find_first_of(" \t");
    if (space != 0) names.push_back(events.substr(0, space));
    events = space == std::string_view::npos ? std::string_view{} : events.substr(space + 1);
  }
  cache_columns out{};
  for (std::size_t i = 0; i < k_cache_event_names.size(); ++i) {
    const auto it = std::find(names.begin(), names.end(), k_cache_event_names[i]);
    if (it == names.end()) return std::nullopt;
    out[i] = static_cast<std::size_t>(it - names.begin());
  }
  return out;
}

cache_figures figures_of(const cache_events& e, double iterations) {
  // In integers first: the differences are exact, whatever the division.
  const std::int64_t accesses = e.of("Ir") + e.of("Dr") + e.of("Dw");
  const std::int64_t l1_misses = e.of("I1mr") + e.of("D1mr") + e.of("D1mw");
  const std::int64_t ram = e.of("ILmr") + e.of("DLmr") + e.of("DLmw");
  const std::int64_t l1_hits = accesses - l1_misses;
  const std::int64_t ll_hits = l1_misses - ram;
  const std::int64_t cycles = k_l1_hit_cycles * l1_hits + k_ll_hit_cycles * ll_hits + k_ram_access_cycles * ram;
  const double n = iterations > 0 ? iterations : 1;
  return {static_cast<double>(l1_hits) / n, static_cast<double>(ll_hits) / n, static_cast<double>(ram) / n,
          static_cast<double>(cycles) / n, static_cast<double>(l1_misses) / n};
}

std::vector<std::pair<std::string, double>> as_counters(const cache_figures& f) {
  return {{std::string(results::k_l1_hits_metric), f.l1_hits},
          {std::string(results::k_ll_hits_metric), f.ll_hits},
          {std::string(results::k_ram_accesses_metric), f.ram_accesses},
          {std::string(results::k_estimated_cycles_metric), f.estimated_cycles}};
}

}  // namespace benchgate::run
