#pragma once
// Which rule applies to a cell (docs/gate.md, "Rules file"). Pure.

#include <string>
#include <string_view>
#include <vector>

#include "harness/compare/diff_model.hpp"
#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// Built in, when neither a rule, the rules file's defaults nor the command
// line says (the built-in metric is gate_rules::built_in_metric).
inline constexpr double k_default_fail_pct = 5;

// Shell-style globs on cell names, as the rules file writes them: fnmatch(3)
// without flags: `*` matches any run of characters, '/' included (so
// "*/peer/*" matches "page_iter/peer/row_bytes:8/density:0.1"), `?` one
// character, `[...]` a set (`[!...]` its complement), `\` quotes the next
// character. The whole name must match.
bool glob_match(std::string_view pattern, std::string_view name);

// The measurement a comparison for `metric` compares (throughput: wall time;
// a Google Benchmark rate, when the cells carry one, is compared as well:
// metrics_needed).
compare::time_metric compared_metric(const gate_metric& metric);

// Google Benchmark's throughput rates, in the order throughput looks for
// them in a cell (judge.hpp).
inline const std::vector<std::string> k_throughput_rates = {"items_per_second", "bytes_per_second"};

// The levels that apply to `cell_name`: the first matching rule's fields,
// then `command_line` (--max-regression and the like), then the rules file's
// defaults, then the built-in values; each level records its source. An unset warn level is the fail level
// (so only "suspect" cells warn), and a warn level above the fail level is
// lowered to it; no max CI width means no cell is unstable. The metric's
// direction: the rule's "direction", --direction (command_line.declared) for
// a metric without a built-in one, the defaults' "direction" for the
// defaults' metric, else built in (formats/metric.hpp); throws input_error
// naming the cell and metric when none says.
resolved_rule resolve(const gate_rules& rules, const gate_levels& command_line,
                      std::string_view cell_name);

// The comparisons the rules need to judge the cells `names`: the metric
// each cell not ignored is compared on (compared_metric of its resolved
// metric), each once, in order of first use; the command line's (else the
// built-in) metric when every cell is ignored. `chosen`: whether a rule,
// the rules' defaults or the command line named a metric; when none did,
// the built-in one applies everywhere. `rates`: the throughput rates
// (k_throughput_rates) the sides' cells carry, compared too for cells
// gated on throughput.
struct needed_metrics {
  std::vector<compare::time_metric> metrics;
  bool chosen = false;
};
needed_metrics metrics_needed(const std::vector<std::string>& names, const gate_rules& rules,
                              const gate_levels& command_line, const std::vector<std::string>& rates = {});

// Notes on the rules file's globs that take none of the cells `names`: a
// rule or ignore glob that matches no name (a typo, a renamed benchmark),
// or a rule whose every name an earlier rule takes first. E.g.
// "rules[1] (\"match\": \"BM_x*\") matches no cell".
std::vector<std::string> idle_rule_notes(const gate_rules& rules, const std::vector<std::string>& names);

}  // namespace benchgate::gate
