#pragma once
// Which rule applies to a cell (docs/gate.md, "Rules file"). Pure.

#include <string>
#include <string_view>
#include <vector>

#include "harness/results/diff_model.hpp"
#include "harness/results/gate_model.hpp"

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

// The measurement a comparison for `metric` compares (throughput: wall time).
results::time_metric compared_metric(results::gate_metric metric);

// The levels that apply to `cell_name`: the first matching rule's fields,
// then `command_line` (--max-regression and the like), then the rules file's
// defaults, then the built-in values; each level records its source. An unset warn level is the fail level
// (so only "suspect" cells warn), and a warn level above the fail level is
// lowered to it; no max CI width means no cell is unstable.
results::resolved_rule resolve(const results::gate_rules& rules, const results::gate_levels& command_line,
                               std::string_view cell_name);

// The comparisons the rules need to judge the cells `names`: the metric
// each cell not ignored is compared on (compared_metric of its resolved
// metric), each once, in order of first use; the command line's (else the
// built-in) metric when every cell is ignored. `chosen`: whether a rule,
// the rules' defaults or the command line named a metric; when none did,
// the built-in one applies everywhere.
struct needed_metrics {
  std::vector<results::time_metric> metrics;
  bool chosen = false;
};
needed_metrics metrics_needed(const std::vector<std::string>& names, const results::gate_rules& rules,
                              const results::gate_levels& command_line);

}  // namespace benchgate::gate
