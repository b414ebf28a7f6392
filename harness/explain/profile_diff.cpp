#include "harness/explain/profile_diff.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <vector>

#include "harness/explain/cache_diff.hpp"
#include "harness/explain/symbol_names.hpp"

namespace benchgate::explain {

namespace {

// A reconciliation gap below this fraction of the total is rounding.
constexpr double k_reconcile_tolerance_fraction = 0.005;

struct merged_function {
  double self = 0;
  double inclusive = 0;
  std::map<source_line, double> lines;
};

// Per-iteration costs by demangled name (two symbols may demangle alike).
std::map<std::string, merged_function> per_iteration(const profile_side& side) {
  std::map<std::string, merged_function> out;
  const auto n = static_cast<double>(side.iterations);
  for (const auto& [symbol, cost] : side.profile.functions) {
    auto& f = out[demangle(symbol)];
    f.self += static_cast<double>(cost.self) / n;
    f.inclusive += static_cast<double>(cost.inclusive) / n;
    for (const auto& [where, count] : cost.lines) f.lines[where] += static_cast<double>(count) / n;
  }
  return out;
}

explained_side describe(const profile_side& side, const std::map<std::string, merged_function>& functions) {
  explained_side out;
  out.binary = side.binary;
  out.iterations = side.iterations;
  out.total = static_cast<double>(side.profile.total) / static_cast<double>(side.iterations);
  out.measured = side.measured;
  double unnamed = 0;
  for (const auto& [name, f] : functions) {
    out.functions_sum += f.self;
    if (is_address_name(name)) unnamed += f.self;
    for (const auto& [where, count] : f.lines) {
      if (where.second > 0 && count > 0) out.has_line_info = true;
    }
  }
  out.has_symbols = out.functions_sum <= 0 || unnamed <= k_unnamed_fraction_limit * out.functions_sum;
  return out;
}

const merged_function& find_or_empty(const std::map<std::string, merged_function>& m, const std::string& name) {
  static const merged_function empty;  // read-only, shared: no mutable state
  const auto found = m.find(name);
  return found == m.end() ? empty : found->second;
}

void add_notes(explanation& e) {
  for (const auto* side : {&e.old_side, &e.new_side}) {
    const std::string label = side == &e.old_side ? "OLD" : "NEW";
    if (!side->has_symbols) {
      e.notes.push_back(label + " " + side->binary +
                        ": most of its instructions are in code without a symbol (a stripped binary?); its functions "
                        "are named by address, which do not match across builds: only the totals compare");
    }
    const double gap = std::abs(side->functions_sum - side->total);
    if (gap > k_reconcile_tolerance_fraction * std::max(1.0, side->total)) {
      e.notes.push_back(label + ": the functions add up to " + std::to_string(side->functions_sum) +
                        " instructions per iteration, callgrind's total is " + std::to_string(side->total));
    }
  }
  if (!e.old_side.has_line_info && !e.new_side.has_line_info) {
    e.notes.push_back("no source lines: neither build has line information (compile with -g, e.g. "
                      "CMAKE_BUILD_TYPE=RelWithDebInfo, for the lines that changed)");
  }
}

}  // namespace

explanation diff_profiles(const std::string& cell, const std::string& kind, const profile_side& old_side,
                          const profile_side& new_side, std::optional<double> time_change_pct,
                          const diff_limits& limits) {
  explanation e;
  e.cell = cell;
  e.kind = kind;
  e.time_change_pct = time_change_pct;
  const auto old_functions = per_iteration(old_side);
  const auto new_functions = per_iteration(new_side);
  e.old_side = describe(old_side, old_functions);
  e.new_side = describe(new_side, new_functions);

  const double tolerance = std::max(k_unchanged_min_instructions, k_unchanged_fraction * e.old_side.total);
  std::vector<std::pair<std::string, explained_function>> changed;
  std::map<std::string, bool> names;
  for (const auto& [name, f] : old_functions) names[name] = true;
  for (const auto& [name, f] : new_functions) names[name] = true;
  for (const auto& [name, unused] : names) {
    const auto& o = find_or_empty(old_functions, name);
    const auto& n = find_or_empty(new_functions, name);
    if (std::abs(n.self - o.self) <= tolerance && std::abs(n.inclusive - o.inclusive) <= tolerance) continue;
    // A frame that ran none of the counted instructions itself (main, the
    // benchmark library's runner) was still active when callgrind dumped: its
    // inclusive count is callgrind's partial view of an unfinished call.
    if (o.self == 0 && n.self == 0) continue;
    changed.push_back({name, {trim_name(name), o.self, n.self, o.inclusive, n.inclusive}});
  }
  std::sort(changed.begin(), changed.end(), [](const auto& a, const auto& b) {
    const double sa = std::abs(a.second.new_self - a.second.old_self);
    const double sb = std::abs(b.second.new_self - b.second.old_self);
    if (sa != sb) return sa > sb;
    const double ia = std::abs(a.second.new_inclusive - a.second.old_inclusive);
    const double ib = std::abs(b.second.new_inclusive - b.second.old_inclusive);
    if (ia != ib) return ia > ib;
    return a.first < b.first;
  });
  const bool any_self_change = std::any_of(changed.begin(), changed.end(), [&](const auto& c) {
    return std::abs(c.second.new_self - c.second.old_self) > tolerance;
  });
  e.cache = diff_cache(old_side, new_side, limits.functions);
  const bool time_moved = time_change_pct && *time_change_pct != 0;
  if (any_self_change) {
    e.assessment = explain_assessment::code_change;
  } else if (e.cache) {
    // The simulation tells memory from layout: the same instructions with
    // other cache costs is a memory effect; neither moving, a layout one.
    if (cache_moved(*e.cache)) {
      e.assessment = explain_assessment::memory_effect;
    } else if (time_moved) {
      e.assessment = explain_assessment::layout_effect;
    }
  } else if (time_moved) {
    e.assessment = explain_assessment::layout_or_memory;
  }

  for (std::size_t i = 0; i < changed.size() && i < limits.line_functions; ++i) {
    const auto& [name, row] = changed[i];
    if (std::abs(row.new_self - row.old_self) <= tolerance) break;
    const auto& o = find_or_empty(old_functions, name);
    const auto& n = find_or_empty(new_functions, name);
    std::map<source_line, std::pair<double, double>> lines;
    for (const auto& [where, count] : o.lines) lines[where].first += count;
    for (const auto& [where, count] : n.lines) lines[where].second += count;
    std::vector<explained_line> rows;
    for (const auto& [where, counts] : lines) {
      if (where.second <= 0 || std::abs(counts.second - counts.first) <= tolerance) continue;
      // "build/../src/a.cpp" as "src/a.cpp": the path the reader opens.
      const auto file = std::filesystem::path(where.first).lexically_normal().string();
      rows.push_back({row.name, file, where.second, counts.first, counts.second});
    }
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
      return std::abs(a.new_self - a.old_self) > std::abs(b.new_self - b.old_self);
    });
    if (rows.size() > limits.lines_per_function) rows.resize(limits.lines_per_function);
    e.lines.insert(e.lines.end(), rows.begin(), rows.end());
  }
  if (changed.size() > limits.functions) changed.resize(limits.functions);
  for (auto& [name, row] : changed) e.functions.push_back(std::move(row));
  add_notes(e);
  return e;
}

}  // namespace benchgate::explain
