#pragma once
// Small hand-made runs for the compare tests.

#include <optional>
#include <string>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::compare::testing {

// `n` samples around `ns` (+-1 %, a fixed spread pattern), 1000 iterations each.
inline std::vector<results::sample> samples_around(double ns, int n) {
  std::vector<results::sample> out;
  for (int i = 0; i < n; ++i) {
    const double wobble = 0.01 * static_cast<double>((i * 7) % 11 - 5) / 5.0;
    out.push_back({1000, ns * (1 + wobble), ns * (1 + wobble), std::nullopt, {}});
  }
  return out;
}

inline results::cell make_cell(const std::string& case_name, const std::string& variant,
                               std::optional<benchgate::variant_role> role, const std::string& point,
                               std::vector<results::sample> samples) {
  results::cell c;
  c.case_name = case_name;
  c.variant = variant;
  c.role = role;
  c.name = case_name + "/" + variant + (point.empty() ? "" : "/size:" + point);
  if (!point.empty()) c.params = {{"size", point}};
  c.samples = std::move(samples);
  return c;
}

}  // namespace benchgate::compare::testing
