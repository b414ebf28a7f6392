#include "harness/gate/rules.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <string>
#include <utility>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::gate {

bool glob_match(std::string_view pattern, std::string_view name) {
  // fnmatch needs NUL-terminated strings.
  const std::string p(pattern);
  const std::string n(name);
  return ::fnmatch(p.c_str(), n.c_str(), 0) == 0;
}

namespace {

// The first set of (rule, command line, rules defaults), and where it came from.
template <class T>
std::pair<std::optional<T>, level_source> first_set(const std::optional<T>& rule, const std::optional<T>& command_line,
                                                    const std::optional<T>& defaults) {
  if (rule) return {rule, level_source::rule};
  if (command_line) return {command_line, level_source::command_line};
  if (defaults) return {defaults, level_source::rules_defaults};
  return {std::nullopt, level_source::built_in};
}

}  // namespace

compare::time_metric compared_metric(const gate_metric& metric) {
  switch (metric.of) {
    case gate_metric::kind::cpu_time: return compare::time_metric::cpu;
    case gate_metric::kind::instructions: return compare::time_metric::instructions;
    case gate_metric::kind::counter: return compare::time_metric::counter_named(metric.counter);
    case gate_metric::kind::time:
    case gate_metric::kind::throughput: break;
  }
  return compare::time_metric::real;
}

namespace {

// The direction of `metric` for a cell under `rule_levels`: the rule's
// "direction", --direction for the metric's name, the rules defaults'
// "direction" when the metric came from them, else the built-in one.
std::optional<results::better> direction_for(const gate_metric& metric, level_source metric_from,
                                             const gate_levels& rule_levels,
                                             const gate_levels& command_line,
                                             const gate_levels& defaults) {
  if (rule_levels.direction) return rule_levels.direction;
  const auto name = to_string(metric);
  const auto& declared = command_line.declared;
  const auto it = std::find_if(declared.rbegin(), declared.rend(), [&](const auto& d) { return d.metric == name; });
  if (it != declared.rend()) return it->direction;
  if (defaults.direction && metric_from == level_source::rules_defaults) return defaults.direction;
  return results::built_in_direction(name);
}

}  // namespace

resolved_rule resolve(const gate_rules& rules, const gate_levels& command_line,
                      std::string_view cell_name) {
  resolved_rule out;
  for (const auto& glob : rules.ignore) {
    if (glob_match(glob, cell_name)) {
      out.ignored = true;
      out.ignore_match = glob;
      break;
    }
  }
  gate_levels rule_levels;
  for (std::size_t i = 0; i < rules.rules.size(); ++i) {
    if (glob_match(rules.rules[i].match, cell_name)) {
      out.rule_index = i;
      out.match = rules.rules[i].match;
      rule_levels = rules.rules[i].set;
      break;
    }
  }
  const auto& d = rules.defaults;
  const auto& c = command_line;
  const auto [metric, metric_from] = first_set(rule_levels.metric, c.metric, d.metric);
  out.metric = metric.value_or(rules.built_in_metric);
  out.metric_from = metric_from;
  const auto direction = direction_for(out.metric, metric_from, rule_levels, c, d);
  if (!direction) {
    const auto name = to_string(out.metric);
    throw input_error("cell " + std::string(cell_name) + ": gated on " + name + " (from the " +
                      std::string(to_string(metric_from)) + "), whose better direction is not known (not a " +
                      "time, a count or a rate named *_per_second); expected --direction " + name +
                      "=higher|lower or \"direction\": \"higher\" or \"lower\" beside the rule's \"metric\"");
  }
  out.direction = *direction;
  const auto [fail, fail_from] = first_set(rule_levels.fail_pct, c.fail_pct, d.fail_pct);
  out.fail_pct = fail.value_or(k_default_fail_pct);
  out.fail_from = fail_from;
  const auto [warn, warn_from] = first_set(rule_levels.warn_pct, c.warn_pct, d.warn_pct);
  out.warn_pct = warn.value_or(out.fail_pct);
  out.warn_from = warn ? warn_from : fail_from;
  // A warn level above the fail level would never be reached: fail comes first.
  if (out.warn_pct > out.fail_pct) {
    out.warn_pct = out.fail_pct;
    out.warn_from = fail_from;
  }
  const auto [width, width_from] = first_set(rule_levels.max_ci_width_pct, c.max_ci_width_pct, d.max_ci_width_pct);
  out.max_ci_width_pct = width;
  out.max_ci_width_from = width_from;
  return out;
}

needed_metrics metrics_needed(const std::vector<std::string>& names, const gate_rules& rules,
                              const gate_levels& command_line, const std::vector<std::string>& rates) {
  needed_metrics out;
  out.chosen = command_line.metric.has_value();
  const auto add = [&](const compare::time_metric& m) {
    if (std::find(out.metrics.begin(), out.metrics.end(), m) == out.metrics.end()) out.metrics.push_back(m);
  };
  for (const auto& name : names) {
    const auto rule = resolve(rules, command_line, name);
    if (rule.ignored) continue;
    if (rule.metric_from != level_source::built_in) out.chosen = true;
    add(compared_metric(rule.metric));
    if (rule.metric == gate_metric::throughput) {
      for (const auto& rate : rates) add(compare::time_metric::counter_named(rate));
    }
  }
  if (out.metrics.empty()) out.metrics.push_back(compared_metric(command_line.metric.value_or(rules.built_in_metric)));
  return out;
}

std::vector<std::string> idle_rule_notes(const gate_rules& rules, const std::vector<std::string>& names) {
  std::vector<std::string> notes;
  auto matches_any = [&](const std::string& glob) {
    return std::any_of(names.begin(), names.end(), [&](const std::string& name) { return glob_match(glob, name); });
  };
  std::vector<bool> first_for_some(rules.rules.size(), false);
  for (const auto& name : names) {
    for (std::size_t i = 0; i < rules.rules.size(); ++i) {
      if (glob_match(rules.rules[i].match, name)) {
        first_for_some[i] = true;
        break;
      }
    }
  }
  for (std::size_t i = 0; i < rules.rules.size(); ++i) {
    if (first_for_some[i]) continue;
    const auto& glob = rules.rules[i].match;
    notes.push_back("rules[" + std::to_string(i) + "] (\"match\": \"" + glob + "\") " +
                    (matches_any(glob) ? "applies to no cell: an earlier rule takes every cell it matches"
                                       : "matches no cell"));
  }
  for (std::size_t i = 0; i < rules.ignore.size(); ++i) {
    if (!matches_any(rules.ignore[i])) {
      notes.push_back("ignore[" + std::to_string(i) + "] (\"" + rules.ignore[i] + "\") matches no cell");
    }
  }
  return notes;
}

}  // namespace benchgate::gate
