#include "harness/gate/judge.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <regex>

#include "harness/support/errors/input_error.hpp"
#include "harness/gate/rules.hpp"
#include "harness/stats/change.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::gate {

namespace {


// r / (1 + r): the drop of throughput, as a fraction, when time rises by r.
double throughput_drop(double time_change) {
  const auto change = stats::throughput_change(time_change);
  // A new time of 0 is unbounded throughput: as improved as it gets.
  return change ? -*change : -1.0;
}

std::string percent_text(double pct) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%+.2f%%", pct);
  return buffer;
}

// A p-value or alpha as the gate prints p: "0.0597".
std::string p_text(double p) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", p);
  return buffer;
}

std::string rule_text(const resolved_rule& rule) {
  return rule.rule_index ? "rule " + std::to_string(*rule.rule_index) + " '" + rule.match + "'"
                         : std::string("the defaults");
}

}  // namespace

namespace {

bool throughput_from_time(const gate_metric& metric, const compare::time_metric& compared) {
  return metric == gate_metric::throughput && compared.of != compare::time_metric::kind::counter;
}

// "+3 hits", "-0.5": an absolute change in the metric's unit.
std::string absolute_text(double change, const std::string& unit) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%+.6g", change);
  return std::string(buffer) + (unit.empty() ? "" : " " + unit);
}

std::string plain_text(double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

// The regression CI's lower bound as the metric reads it: "regression CI
// lower bound +5.00%" for a lower-is-better metric; for a higher-is-better
// one the same bound of its own change, "drop CI upper bound -5.00%".
std::string bound_text(double regression_pct, results::better direction) {
  if (direction == results::better::lower) return "regression CI lower bound " + percent_text(regression_pct);
  return "drop CI upper bound " + percent_text(-regression_pct);
}

// A fail or warn level as the metric moves: "5%" for a rise, "-5%" for a drop.
std::string signed_level(double pct, results::better direction) {
  return direction == results::better::lower ? level_text(pct) : "-" + level_text(pct);
}

}  // namespace

regression_interval regression_of(const compare::cell_diff& cell, const gate_metric& metric,
                                  results::better direction, const compare::time_metric& compared) {
  const auto& m = cell.mean_change;
  if (throughput_from_time(metric, compared)) {
    // The drop is increasing in the time change, so the bounds keep their order.
    return {throughput_drop(m.lower) * units::k_percent, throughput_drop(m.estimate) * units::k_percent,
            throughput_drop(m.upper) * units::k_percent};
  }
  if (direction == results::better::higher) {
    return {-m.upper * units::k_percent, -m.estimate * units::k_percent, -m.lower * units::k_percent};
  }
  return {m.lower * units::k_percent, m.estimate * units::k_percent, m.upper * units::k_percent};
}

bool regresses_as_it_falls(const resolved_rule& rule) {
  // Throughput is better higher whatever it was compared on.
  return rule.metric == gate_metric::throughput || rule.direction == results::better::higher;
}

judged_cell judge_cell(const compare::cell_diff& cell, const resolved_rule& rule, double alpha,
                       const compare::time_metric& compared) {
  judged_cell out;
  out.name = cell.name;
  out.metric = rule.metric;
  out.rule = rule;
  out.deterministic = cell.deterministic;
  if (!cell.deterministic) out.p_value = cell.p_value;
  const auto direction = regresses_as_it_falls(rule) ? results::better::higher : rule.direction;
  const auto r = regression_of(cell, rule.metric, direction, compared);
  // Shown as the change of the metric itself: a higher-is-better one falls when it regresses.
  const bool drops = direction == results::better::higher;
  out.change_pct = drops ? -r.estimate : r.estimate;
  out.lower_pct = drops ? -r.upper : r.lower;
  out.upper_pct = drops ? -r.lower : r.upper;
  // From or to 0 a percentage says little (from 0 it is not defined): the
  // absolute change of the mean is shown instead (docs/gate.md).
  const double old_mean = cell.old_side.mean.estimate;
  const double new_mean = cell.new_side.mean.estimate;
  // Times and instruction counts are never 0; a counter can be (a cell
  // diff made by hand may leave the means at 0 for the others).
  const bool counter = compared.of == compare::time_metric::kind::counter;
  if (counter && (old_mean == 0 || new_mean == 0)) out.change_abs = new_mean - old_mean;
  const auto unit = results::unit_of(compare::to_string(compared));
  const auto moved = out.change_abs ? " (" + absolute_text(*out.change_abs, unit) + ": from " + plain_text(old_mean) +
                                          " to " + plain_text(new_mean) + ")"
                                    : std::string();
  // The bound that crossed a level, or from or to 0 the absolute change.
  const auto crossed = [&](double regression_pct) {
    if (!out.change_abs) return bound_text(regression_pct, direction);
    return std::string(*out.change_abs >= 0 ? "rise" : "drop") + moved;
  };

  const bool significant = cell.deterministic || cell.p_value < alpha;
  const double width = r.upper - r.lower;
  const auto by = rule_text(rule);
  if (significant && r.lower > rule.fail_pct) {
    out.status = cell_status::fail;
    out.reason = crossed(r.lower) + " beyond the fail level " +
                 signed_level(rule.fail_pct, direction) + " of " + by;
  } else if (rule.max_ci_width_pct && width > *rule.max_ci_width_pct) {
    out.status = cell_status::unstable;
    out.reason = "CI width " + points_text(width) + " points above max_ci_width " +
                 level_text(*rule.max_ci_width_pct) + " of " + by;
  } else if (significant && r.lower > rule.warn_pct) {
    out.status = cell_status::warn;
    out.reason = crossed(r.lower) + " beyond the warn level " +
                 signed_level(rule.warn_pct, direction) + " of " + by;
  } else if (r.estimate > rule.fail_pct && !significant && r.lower <= 0) {
    // An interval that includes no change, not significant: nothing a
    // reviewer should be warned of (docs/gate.md, "Judging a cell").
    out.status = cell_status::pass;
    out.reason = "within the levels of " + by + ": the estimate " +
                 (out.change_abs ? absolute_text(*out.change_abs, unit) : percent_text(*out.change_pct)) +
                 " is beyond the fail level " + signed_level(rule.fail_pct, direction) +
                 ", but its CI includes no change and it is not significant (p " + p_text(cell.p_value) + ")";
  } else if (r.estimate > rule.fail_pct) {
    out.status = cell_status::warn;
    // Beyond the fail level either the estimate alone, or the whole CI
    // while the test is not significant (the two can disagree on few samples).
    const bool whole_ci = r.lower > rule.fail_pct;
    const auto beyond = whole_ci           ? crossed(r.lower)
                        : out.change_abs ? crossed(r.estimate)
                                         : "estimate " + percent_text(*out.change_pct);
    out.reason = "suspect: " + beyond + " beyond the fail level " + signed_level(rule.fail_pct, direction) + " of " + by +
                 (whole_ci ? ", but not significant (p " + p_text(cell.p_value) + ", alpha " + p_text(alpha) + ")"
                           : ", but not its CI" + (significant ? std::string() : " (and not significant)"));
  } else if (significant && r.upper < 0) {
    out.status = cell_status::improved;
    out.reason = "significant improvement" + moved;
  } else {
    out.status = cell_status::pass;
    out.reason = "within the levels of " + by + moved;
  }
  if (throughput_from_time(rule.metric, compared) &&
      (cell.work.unit == benchgate::work_unit::none || cell.work.amount <= 0)) {
    out.without_throughput = true;
    out.reason += "; note: no throughput (no work per iteration, no items_per_second or bytes_per_second): "
                  "judged as iterations per second, 1 / real_time";
  }
  return out;
}

namespace {

void add_name(std::vector<std::string>& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

// Every cell name of the diffs: compared, not compared, on one side only.
std::vector<std::string> all_names(std::span<const compare::diff> diffs) {
  std::vector<std::string> names;
  for (const auto& d : diffs) {
    for (const auto& c : d.cells) add_name(names, c.name);
    for (const auto& c : d.not_compared) add_name(names, c.name);
    for (const auto& name : d.only_old) add_name(names, name);
    for (const auto& name : d.only_new) add_name(names, name);
  }
  return names;
}

judged_cell without_change(const std::string& name, const resolved_rule& rule, cell_status status, std::string reason) {
  judged_cell out;
  out.name = name;
  out.metric = rule.metric;
  out.rule = rule;
  out.status = status;
  out.reason = std::move(reason);
  return out;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Why NEW (benchgate results) did not select the cell `name`: its run named
// other cases, its --param values leave the cell's value out, or its
// --filter leaves the cell out (the run's own rule, regex_search). Empty when it did select it, or
// when NEW does not say (Google Benchmark files).
std::string not_selected_by(const compare::diff_source& new_source, const std::string& name) {
  if (!new_source.run_settings) return "";
  const auto& s = *new_source.run_settings;
  const auto case_name = name.substr(0, name.find('/'));
  if (!s.cases.empty() && !contains(s.cases, case_name)) return "case " + case_name + " was not run";
  // Names read case/variant/axis:value/...: a --param override of an axis
  // whose values leave this cell's value out.
  for (const auto& [axis, values] : s.params) {
    const auto at = name.find("/" + axis + ":");
    if (at == std::string::npos) continue;
    const auto start = at + axis.size() + 2;
    const auto value = name.substr(start, name.find('/', start) - start);
    if (!contains(values, value)) return "--param " + axis + " leaves " + axis + ":" + value + " out";
  }
  if (s.filter) {
    try {
      if (!std::regex_search(name, std::regex(*s.filter, std::regex::ECMAScript))) {
        return "--filter '" + *s.filter + "' leaves it out";
      }
    } catch (const std::regex_error&) {
      return "";  // not a filter this run could have used: say nothing
    }
  }
  return "";
}

const compare::cell_diff* find_compared(const compare::diff& d, const std::string& name) {
  const auto it = std::find_if(d.cells.begin(), d.cells.end(), [&](const compare::cell_diff& c) { return c.name == name; });
  return it == d.cells.end() ? nullptr : &*it;
}

// A cell gated on throughput that carries a Google Benchmark rate is
// judged on the rate as measured (the work of such a cell may vary while
// its time does not); nullopt when no diff compared one for it.
std::optional<judged_cell> judge_on_rate(std::span<const compare::diff> diffs, const std::string& name,
                                         const resolved_rule& rule) {
  if (rule.metric != gate_metric::throughput) return std::nullopt;
  for (const auto& rate : k_throughput_rates) {
    for (const auto& d : diffs) {
      if (d.config.metric != compare::time_metric::counter_named(rate)) continue;
      if (const auto* cell = find_compared(d, name)) {
        auto judged = judge_cell(*cell, rule, d.config.alpha, d.config.metric);
        judged.reason += " (on " + rate + ")";
        return judged;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

namespace {

// A benchmark on one side only, at the rules' level for it: `status`
// (added, removed) when it passes, else warn or fail, saying which key of
// the rules file made it so.
judged_cell one_side(const std::string& name, const resolved_rule& rule, one_side_level level,
                     cell_status status, const std::string& what, const char* key) {
  switch (level) {
    case one_side_level::pass: return without_change(name, rule, status, what);
    case one_side_level::warn:
      return without_change(name, rule, cell_status::warn,
                            what + "; a warning by the rules file (\"" + key + "\": \"warn\")");
    case one_side_level::fail:
      return without_change(name, rule, cell_status::fail,
                            what + "; a failure by the rules file (\"" + key + "\": \"fail\")");
  }
  return without_change(name, rule, status, what);
}

}  // namespace

judged_cell judge_uncompared(const compare::diff& source, const std::string& name, const resolved_rule& rule,
                             const gate_rules& rules) {
  std::string reason;
  const bool by_name = source.mode == compare::compare_mode::runs;
  const auto skipped = std::find_if(source.not_compared.begin(), source.not_compared.end(),
                                    [&](const compare::skipped_cell& s) { return s.name == name; });
  if (skipped != source.not_compared.end()) {
    if (skipped->kind == compare::skip_kind::new_error) {
      return without_change(name, rule, cell_status::error,
                            skipped->reason + ": a benchmark that fails in NEW is a broken change");
    }
    reason = skipped->reason;
  } else if (contains(source.only_old, name)) {
    // A cell NEW chose not to run (--case, --filter) is not missing: listed,
    // not judged.
    if (const auto why = by_name ? not_selected_by(source.new_source, name) : ""; !why.empty()) {
      return without_change(name, rule, cell_status::ignored, "only in OLD: not selected in NEW (" + why + ")");
    }
    // A benchmark the change removed is news, not a failure to judge.
    if (by_name) return one_side(name, rule, rules.removed_cells, cell_status::removed, "removed: only in OLD", "removed");
    reason = "no cell of a new role";
  } else {
    // A benchmark the change added has nothing to compare with, and needs
    // nothing: it is new.
    if (by_name) return one_side(name, rule, rules.new_cells, cell_status::added, "new: only in NEW", "new");
    reason = "no base cell to compare with";
  }
  if (rules.ignore_unjudged) {
    return without_change(name, rule, cell_status::ignored, reason + "; ignored by the rules file (\"unjudged\": \"ignore\")");
  }
  return without_change(name, rule, cell_status::unjudged, reason + "; cannot judge");
}

namespace {

// A cell the rules' `ignore` globs leave out.
judged_cell ignored_cell(const std::string& name, const resolved_rule& rule) {
  return without_change(name, rule, cell_status::ignored, "ignored by '" + rule.ignore_match + "'");
}

}  // namespace

gate_verdict judge(std::span<const compare::diff> diffs, const gate_rules& rules,
                   const gate_levels& command_line) {
  gate_verdict verdict;
  for (const auto& name : all_names(diffs)) {
    const auto rule = resolve(rules, command_line, name);
    if (rule.ignored) {
      verdict.cells.push_back(ignored_cell(name, rule));
      continue;
    }
    if (const auto judged = judge_on_rate(diffs, name, rule)) {
      verdict.cells.push_back(*judged);
      continue;
    }
    const auto wanted = compared_metric(rule.metric);
    const compare::diff* source = nullptr;
    for (const auto& d : diffs) {
      if (d.config.metric == wanted) source = &d;
    }
    if (source == nullptr) {
      throw input_error("cell " + name + ": " + rule_text(rule) + (rule.rule_index ? " gates on " : " gate on ") + std::string(to_string(rule.metric)) +
                        ", which compares " + std::string(compare::to_string(wanted)) +
                        ", but the diff compared " + std::string(compare::to_string(diffs.front().config.metric)) +
                        "; expected a diff of " + std::string(compare::to_string(wanted)) +
                        " (benchgate compare --metric), the diff's OLD and NEW files where the diff says, or "
                        "gate OLD NEW to compare as the rules need");
    }
    const auto it = std::find_if(source->cells.begin(), source->cells.end(),
                                 [&](const compare::cell_diff& c) { return c.name == name; });
    if (it == source->cells.end()) {
      verdict.cells.push_back(judge_uncompared(*source, name, rule, rules));
      continue;
    }
    verdict.cells.push_back(judge_cell(*it, rule, source->config.alpha, source->config.metric));
  }
  finish(verdict);
  return verdict;
}

gate_verdict identical_verdict(const std::vector<std::string>& names, const gate_rules& rules,
                               const gate_levels& command_line, const std::string& why) {
  gate_verdict verdict;
  for (const auto& name : names) {
    const auto rule = resolve(rules, command_line, name);
    verdict.cells.push_back(rule.ignored ? ignored_cell(name, rule) : without_change(name, rule, cell_status::pass, why));
  }
  finish(verdict);
  return verdict;
}

void finish(gate_verdict& verdict) {
  verdict_totals t;
  for (const auto& c : verdict.cells) {
    ++t.cells;
    switch (c.status) {
      case cell_status::pass: ++t.pass; break;
      case cell_status::warn: ++t.warn; break;
      case cell_status::fail: ++t.fail; break;
      case cell_status::unstable: ++t.unstable; break;
      case cell_status::ignored: ++t.ignored; break;
      case cell_status::improved: ++t.improved; break;
      case cell_status::error: ++t.error; break;
      case cell_status::unjudged: ++t.unjudged; break;
      case cell_status::added: ++t.added; break;
      case cell_status::removed: ++t.removed; break;
    }
  }
  verdict.totals = t;
  verdict.exit = t.fail + t.error > 0                ? exit_code::regression
                 : t.unstable + t.unjudged > 0 ? exit_code::unstable
                                               : exit_code::ok;
}

}  // namespace benchgate::gate
