#pragma once
// Small hand-made diffs for the gate tests: each cell is only a name, a
// mean-change interval (in percent), an adjusted p and the deterministic flag.

#include <string>
#include <utility>
#include <vector>

#include "harness/compare/diff_model.hpp"

namespace benchgate::gate::testing {

inline compare::cell_diff cell(const std::string& name, double lower_pct, double estimate_pct, double upper_pct,
                               double p, bool deterministic = false) {
  compare::cell_diff c;
  c.name = name;
  c.mean_change = {estimate_pct / 100, lower_pct / 100, upper_pct / 100, 0};
  c.p_value = p;
  c.deterministic = deterministic;
  return c;
}

inline compare::diff diff_of(std::vector<compare::cell_diff> cells,
                             compare::time_metric metric = compare::time_metric::real) {
  compare::diff d;
  d.config.metric = metric;
  d.cells = std::move(cells);
  return d;
}

}  // namespace benchgate::gate::testing
