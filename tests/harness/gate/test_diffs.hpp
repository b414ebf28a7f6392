#pragma once
// Small hand-made diffs for the gate tests: each cell is only a name, a
// mean-change interval (in percent), an adjusted p and the deterministic flag.

#include <string>
#include <utility>
#include <vector>

#include "harness/compare/diff_model.hpp"

namespace benchgate::gate::testing {

inline results::cell_diff cell(const std::string& name, double lower_pct, double estimate_pct, double upper_pct,
                               double p, bool deterministic = false) {
  results::cell_diff c;
  c.name = name;
  c.mean_change = {estimate_pct / 100, lower_pct / 100, upper_pct / 100, 0};
  c.p_value = p;
  c.deterministic = deterministic;
  return c;
}

inline results::diff diff_of(std::vector<results::cell_diff> cells,
                             results::time_metric metric = results::time_metric::real) {
  results::diff d;
  d.config.metric = metric;
  d.cells = std::move(cells);
  return d;
}

}  // namespace benchgate::gate::testing
