#include "harness/compare/cell_matching.hpp"

#include <algorithm>
#include <unordered_map>

namespace benchgate::compare {

namespace {

bool same_point(const results::cell& a, const results::cell& b) {
  return a.case_name == b.case_name && a.params == b.params;
}

}  // namespace

pairing pair_by_name(const results::run_results& old_run, const results::run_results& new_run) {
  std::unordered_map<std::string, const results::cell*> old_by_name;
  for (const auto& c : old_run.cells) old_by_name.emplace(c.name, &c);
  pairing out;
  std::unordered_map<std::string, bool> paired;
  for (const auto& c : new_run.cells) {
    const auto found = old_by_name.find(c.name);
    if (found == old_by_name.end()) {
      out.only_new.push_back(c.name);
      continue;
    }
    out.pairs.push_back({found->second, &c});
    paired[c.name] = true;
  }
  for (const auto& c : old_run.cells) {
    if (!paired.contains(c.name)) out.only_old.push_back(c.name);
  }
  return out;
}

pairing pair_variants(const results::run_results& run, benchgate::variant_role base_role,
                      std::span<const benchgate::variant_role> new_roles) {
  pairing out;
  for (const auto& c : run.cells) {
    if (!c.role || std::find(new_roles.begin(), new_roles.end(), *c.role) == new_roles.end()) continue;
    const auto base = std::find_if(run.cells.begin(), run.cells.end(), [&](const results::cell& other) {
      return other.role == base_role && same_point(other, c);
    });
    if (base != run.cells.end() && &*base == &c) continue;  // the base itself
    if (base == run.cells.end()) {
      out.only_new.push_back(c.name);
    } else {
      out.pairs.push_back({&*base, &c});
    }
  }
  return out;
}

}  // namespace benchgate::compare
