#pragma once
// The gate's rules (rules file, schema benchgate.rules/1) and its verdict
// (schema benchgate.gate/1), documented in docs/gate.md and docs/formats.md. Plain values:
// harness/gate resolves rules and judges cells, gate_rules_json.hpp and
// gate_verdict_json.hpp read and write them. Levels and changes are
// percentages (5 = 5 %).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/formats/metric.hpp"
#include "harness/support/errors/exit_codes.hpp"

namespace benchgate::gate {

inline constexpr const char* rules_schema = "benchgate.rules/1";
inline constexpr const char* gate_verdict_schema = "benchgate.gate/1";

// What a cell is gated on: "real_time" (wall time per iteration; "time" is
// its deprecated spelling), "cpu_time",
// "instructions" (per iteration, from `run --measure instructions`),
// "throughput" (a Google Benchmark cell's rate, items_per_second or
// bytes_per_second, else work per wall second: a drop is the regression),
// or any counter a cell carries by name (its direction: formats/metric.hpp).
struct gate_metric {
  enum class kind { time, cpu_time, instructions, throughput, counter };
  kind of = kind::time;
  std::string counter;  // the counter's name when `of` is counter

  static gate_metric counter_named(std::string name) { return {kind::counter, std::move(name)}; }
  bool operator==(const gate_metric&) const = default;

  static const gate_metric time;
  static const gate_metric cpu_time;
  static const gate_metric instructions;
  static const gate_metric throughput;
};
inline const gate_metric gate_metric::time{gate_metric::kind::time, {}};
inline const gate_metric gate_metric::cpu_time{gate_metric::kind::cpu_time, {}};
inline const gate_metric gate_metric::instructions{gate_metric::kind::instructions, {}};
inline const gate_metric gate_metric::throughput{gate_metric::kind::throughput, {}};

std::string to_string(const gate_metric& metric);
// Parses the names to_string gives, the deprecated "time" (see
// diff_model.hpp, k_deprecated_time_note) and any other metric name as a
// counter; nullopt for text that is no metric name (formats/metric.hpp).
std::optional<gate_metric> parse_gate_metric(std::string_view text);

// Levels a rule sets; unset fields come from the next source.
struct gate_levels {
  std::optional<gate_metric> metric;
  std::optional<double> warn_pct;          // >= 0
  std::optional<double> fail_pct;          // >= 0
  std::optional<double> max_ci_width_pct;  // > 0: wider change CIs are unstable
  // Which way the metric is better ("direction" in a rules file): needed
  // for a counter without a built-in direction (formats/metric.hpp).
  std::optional<results::better> direction = std::nullopt;
  // --direction NAME=higher|lower, by metric name (command line only).
  std::vector<results::declared_direction> declared = {};
};

struct gate_rule {
  std::string match;  // glob on cell names (gate/rules.hpp, glob_match)
  gate_levels set;
};

// What the gate makes of a benchmark on one side only (rules "new",
// "removed"): listed and passing, a warning, or a failure.
enum class one_side_level { pass, warn, fail };
std::string_view to_string(one_side_level level);
std::optional<one_side_level> parse_one_side_level(std::string_view text);

struct gate_rules {
  gate_levels defaults;
  std::vector<gate_rule> rules;     // the first matching one applies
  std::vector<std::string> ignore;  // globs of cells never gated
  // "unjudged": "ignore": cells the gate cannot judge (missing on a side,
  // too few samples, skipped, no counts) are ignored rather than exit 3.
  // Cells whose NEW side errored fail whatever this says.
  bool ignore_unjudged = false;
  // "new" and "removed": the level of a benchmark only in NEW (a new one)
  // and of one only in OLD (removed), in runs compared by name. Pass by
  // default: listed as new or removed, exit 0 (docs/gate.md, "Cells the
  // gate cannot judge").
  one_side_level new_cells = one_side_level::pass;
  one_side_level removed_cells = one_side_level::pass;
  // Notes for the user, e.g. a deprecated spelling ("metric": "time").
  std::vector<std::string> notes;
  // The metric where no rule, command line or rules default names one:
  // time, or instructions when both sides counted instructions (run
  // --measure instructions, whose times valgrind inflates), set by the
  // caller that loaded them (gate/gate_steps.hpp). Not read from a file.
  gate_metric built_in_metric = gate_metric::time;
};

// Where a resolved level came from, in order of precedence: the matching
// rule, the command line, the rules file's defaults, the built-in value.
enum class level_source { rule, command_line, rules_defaults, built_in };
std::string_view to_string(level_source source);

// The levels that apply to one cell (gate/rules.hpp resolves them).
struct resolved_rule {
  bool ignored = false;
  std::optional<std::size_t> rule_index;  // into gate_rules::rules; none: the defaults
  std::string match;                      // that rule's glob
  std::string ignore_match;               // the ignore glob, when ignored
  gate_metric metric = gate_metric::time;
  results::better direction = results::better::lower;  // of `metric`
  double warn_pct = 0;
  double fail_pct = 0;
  std::optional<double> max_ci_width_pct;
  level_source metric_from = level_source::built_in;
  level_source warn_from = level_source::built_in;  // built_in: the fail level
  level_source fail_from = level_source::built_in;
  level_source max_ci_width_from = level_source::built_in;  // built_in: none
};

// pass: within its levels. warn: significant beyond the warn level, or the
// estimate beyond the fail level while the CI is not ("suspect"). fail:
// significant and the CI beyond the fail level. unstable: not failing and the
// CI wider than the rule's max_ci_width. ignored: matched an ignore glob.
// improved: significant and the whole CI on the better side of zero.
// error: the NEW side failed its check or errored (fails the gate).
// unjudged: no verdict is possible: missing on a side, too few samples for
// an interval, skipped, or no instruction counts (exit 3 like unstable).
// added ("new"): only in NEW, a new benchmark; removed: only in OLD (runs
// compared by name; both pass unless the rules' "new"/"removed" say).
enum class cell_status { pass, warn, fail, unstable, ignored, improved, error, unjudged, added, removed };

std::string_view to_string(cell_status status);

// A warn, fail or CI-width level as the gate prints it: "5%", "2.5%".
std::string level_text(double pct);

// A width in percent points as the gate prints it: "27.59".
std::string points_text(double points);

// One judged cell. Changes are percentages of the gated metric as measured:
// for time-like metrics +5 is 5 % more time; for throughput and other
// higher-is-better metrics -5 is 5 % less (both regressions). When the old
// value is 0 there is no percentage: change_abs holds new - old instead.
struct judged_cell {
  std::string name;
  gate_metric metric = gate_metric::time;
  std::optional<double> change_pct;  // the estimate; none for ignored cells
  std::optional<double> lower_pct;
  std::optional<double> upper_pct;
  std::optional<double> p_value;     // adjusted; none when deterministic or ignored
  std::optional<double> change_abs;  // new - old mean of a counter, set when a side's mean is 0
  // Gated on throughput with neither a rate nor work per iteration: judged
  // as iterations per second (the reason and the text report say so).
  bool without_throughput = false;
  bool deterministic = false;
  resolved_rule rule;
  cell_status status = cell_status::pass;
  std::string reason;                // one line: why this status
  // With --confirm, for cells that failed the first judgement: the rounds in
  // which they failed again.
  std::optional<std::size_t> confirmed_rounds;
};

struct verdict_totals {
  std::size_t cells = 0;
  std::size_t pass = 0;
  std::size_t warn = 0;
  std::size_t fail = 0;
  std::size_t unstable = 0;
  std::size_t ignored = 0;
  std::size_t improved = 0;
  std::size_t error = 0;
  std::size_t unjudged = 0;
  std::size_t added = 0;
  std::size_t removed = 0;
};

struct gate_verdict {
  std::vector<judged_cell> cells;
  verdict_totals totals;
  std::size_t confirm_rounds = 0;  // run by --confirm (0: none)
  exit_code exit = exit_code::ok;  // ok, regression or unstable
};

}  // namespace benchgate::gate
