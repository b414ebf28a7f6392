#pragma once
// Judging compared cells against their rules into a gate verdict
// (docs/gate.md, "Judging a cell"). Pure: no I/O. A cell fails only when its
// change is significant (its adjusted p below alpha, or deterministic) AND
// the whole change CI is beyond the fail level; improvements never fail.

#include <span>
#include <string>

#include "harness/results/diff_model.hpp"
#include "harness/results/gate_model.hpp"

namespace benchgate::gate {

// The regression of a cell on `metric` in percent, more is worse, with its
// CI: time-like metrics from the mean change; throughput as its drop.
struct regression_interval {
  double lower = 0;
  double estimate = 0;
  double upper = 0;
};
regression_interval regression_of(const results::cell_diff& cell, results::gate_metric metric);

// Judges one compared cell by `rule` (not ignored) at significance `alpha`.
results::judged_cell judge_cell(const results::cell_diff& cell, const results::resolved_rule& rule, double alpha);

// A cell of `source` that was not compared (not_compared, only_old,
// only_new): error when its NEW side errored; in runs compared by name, a
// cell only in NEW is new and one only in OLD removed (NEW's selection
// aside), at the rules' "new"/"removed" levels; else unjudged (ignored
// with the rules' ignore_unjudged). docs/gate.md, "Cells the gate cannot
// judge".
results::judged_cell judge_uncompared(const results::diff& source, const std::string& name,
                                      const results::resolved_rule& rule, const results::gate_rules& rules);

// Every cell of `diffs`, compared or not (one diff per compared metric; each cell
// judged from the diff of its rule's metric), in order of first appearance.
// Throws input_error when a cell's rule needs a metric no diff compared.
results::gate_verdict judge(std::span<const results::diff> diffs, const results::gate_rules& rules,
                            const results::gate_levels& command_line);

// Sets the totals and the exit code from the cells' statuses: 1 when any
// fails or errored, else 3 when any is unstable or unjudged, else 0.
void finish(results::gate_verdict& verdict);

}  // namespace benchgate::gate
