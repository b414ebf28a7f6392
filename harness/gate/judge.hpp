#pragma once
// Judging compared cells against their rules into a gate verdict
// (docs/gate.md, "Judging a cell"). Pure: no I/O. A cell fails only when its
// change is significant (its adjusted p below alpha, or deterministic) AND
// the whole change CI is beyond the fail level; improvements never fail.

#include <span>
#include <string>
#include <vector>

#include "harness/compare/diff_model.hpp"
#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// The regression of a cell in percent, more is worse, with its CI: the mean
// change of a lower-is-better metric; of a higher-is-better one, its drop
// (the change negated, bounds swapped); throughput judged from a time
// comparison (`compared` real_time) as the drop 1 - 1 / (1 + r) of time
// change r.
struct regression_interval {
  double lower = 0;
  double estimate = 0;
  double upper = 0;
};
regression_interval regression_of(const compare::cell_diff& cell, const gate_metric& metric,
                                  results::better direction,
                                  const compare::time_metric& compared = compare::time_metric::real);

// Whether a cell judged by `rule` regresses as its metric falls: a
// higher-is-better metric, and throughput whatever it was compared on.
// Judged cells show the metric's own change, so such a cell's regression
// is its change negated, bounds swapped.
bool regresses_as_it_falls(const resolved_rule& rule);

// Judges one compared cell by `rule` (not ignored) at significance `alpha`,
// from a comparison of `compared` (throughput: a rate, or real_time).
judged_cell judge_cell(const compare::cell_diff& cell, const resolved_rule& rule, double alpha,
                       const compare::time_metric& compared = compare::time_metric::real);

// A cell of `source` that was not compared (not_compared, only_old,
// only_new): error when its NEW side errored; in runs compared by name, a
// cell only in NEW is new and one only in OLD removed (NEW's selection
// aside), at the rules' "new"/"removed" levels; else unjudged (ignored
// with the rules' ignore_unjudged). docs/gate.md, "Cells the gate cannot
// judge".
judged_cell judge_uncompared(const compare::diff& source, const std::string& name,
                             const resolved_rule& rule, const gate_rules& rules);

// Every cell of `diffs`, compared or not (one diff per compared metric; each cell
// judged from the diff of its rule's metric; throughput from the diff of a
// Google Benchmark rate the cell carries, else from real_time), in order of
// first appearance.
// Throws input_error when a cell's rule needs a metric no diff compared.
gate_verdict judge(std::span<const compare::diff> diffs, const gate_rules& rules,
                   const gate_levels& command_line);

// The verdict on two identical builds (paired/identical_builds.hpp), not
// run: every cell of `names` passes with `why` as its reason, but those the
// rules ignore; finished (exit 0).
gate_verdict identical_verdict(const std::vector<std::string>& names, const gate_rules& rules,
                               const gate_levels& command_line, const std::string& why);

// Sets the totals and the exit code from the cells' statuses: 1 when any
// fails or errored, else 3 when any is unstable or unjudged, else 0.
void finish(gate_verdict& verdict);

}  // namespace benchgate::gate
