#include "harness/explain/cache_diff.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "harness/explain/symbol_names.hpp"
#include "harness/run/cache_sim.hpp"

namespace benchgate::explain {

namespace {

cache_totals totals_of(const run::cache_events& events, double iterations) {
  const auto f = run::figures_of(events, iterations);
  return {f.l1_hits, f.ll_hits, f.ram_accesses, f.l1_misses, f.estimated_cycles};
}

// Each function's own cache events by demangled name (two symbols may
// demangle alike), summed.
std::map<std::string, run::cache_events> by_name(const profile_side& side) {
  std::map<std::string, run::cache_events> out;
  for (const auto& [symbol, cost] : side.profile.functions) out[demangle(symbol)] += cost.cache;
  return out;
}

double tolerance(const explained_cache& c) {
  return std::max(k_cache_unchanged_min_cycles, k_cache_unchanged_fraction * c.old_totals.estimated_cycles);
}

double cycles_change(const explained_cache_function& f) {
  return std::abs(f.new_costs.estimated_cycles - f.old_costs.estimated_cycles);
}

}  // namespace

std::optional<explained_cache> diff_cache(const profile_side& old_side, const profile_side& new_side,
                                          std::size_t functions) {
  if (!old_side.profile.has_cache || !new_side.profile.has_cache) return std::nullopt;
  explained_cache out;
  out.model = std::string(run::k_cache_model);
  const auto old_n = static_cast<double>(old_side.iterations);
  const auto new_n = static_cast<double>(new_side.iterations);
  const auto old_functions = by_name(old_side);
  const auto new_functions = by_name(new_side);
  run::cache_events old_sum;
  run::cache_events new_sum;
  for (const auto& [name, events] : old_functions) old_sum += events;
  for (const auto& [name, events] : new_functions) new_sum += events;
  out.old_totals = totals_of(old_sum, old_n);
  out.new_totals = totals_of(new_sum, new_n);

  std::map<std::string, explained_cache_function> rows;
  for (const auto& [name, events] : old_functions) rows[name].old_costs = totals_of(events, old_n);
  for (const auto& [name, events] : new_functions) rows[name].new_costs = totals_of(events, new_n);
  const double limit = tolerance(out);
  std::vector<explained_cache_function> changed;
  for (auto& [name, row] : rows) {
    if (cycles_change(row) <= limit) continue;
    row.name = trim_name(name);
    changed.push_back(std::move(row));
  }
  std::stable_sort(changed.begin(), changed.end(),
                   [](const auto& a, const auto& b) { return cycles_change(a) > cycles_change(b); });
  if (changed.size() > functions) changed.resize(functions);
  out.functions = std::move(changed);
  return out;
}

bool cache_moved(const explained_cache& cache) { return !cache.functions.empty(); }

}  // namespace benchgate::explain
