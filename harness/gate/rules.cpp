#include "harness/gate/rules.hpp"

#include "harness/gate/glob.hpp"

namespace benchgate::gate {

namespace {

template <class T>
std::optional<T> first_set(const std::optional<T>& a, const std::optional<T>& b, const std::optional<T>& c) {
  if (a) return a;
  if (b) return b;
  return c;
}

}  // namespace

results::time_metric compared_metric(results::gate_metric metric) {
  switch (metric) {
    case results::gate_metric::cpu_time: return results::time_metric::cpu;
    case results::gate_metric::instructions: return results::time_metric::instructions;
    case results::gate_metric::time:
    case results::gate_metric::throughput: break;
  }
  return results::time_metric::real;
}

results::resolved_rule resolve(const results::gate_rules& rules, const results::gate_levels& command_line,
                               std::string_view cell_name) {
  results::resolved_rule out;
  for (const auto& glob : rules.ignore) {
    if (glob_match(glob, cell_name)) {
      out.ignored = true;
      out.ignore_match = glob;
      break;
    }
  }
  results::gate_levels rule_levels;
  for (std::size_t i = 0; i < rules.rules.size(); ++i) {
    if (glob_match(rules.rules[i].match, cell_name)) {
      out.rule_index = i;
      out.match = rules.rules[i].match;
      rule_levels = rules.rules[i].set;
      break;
    }
  }
  const auto& d = rules.defaults;
  out.metric = first_set(rule_levels.metric, d.metric, command_line.metric).value_or(k_default_metric);
  out.fail_pct = first_set(rule_levels.fail_pct, d.fail_pct, command_line.fail_pct).value_or(k_default_fail_pct);
  out.warn_pct = first_set(rule_levels.warn_pct, d.warn_pct, command_line.warn_pct).value_or(out.fail_pct);
  // A warn level above the fail level would never be reached: fail comes first.
  if (out.warn_pct > out.fail_pct) out.warn_pct = out.fail_pct;
  out.max_ci_width_pct = first_set(rule_levels.max_ci_width_pct, d.max_ci_width_pct, command_line.max_ci_width_pct);
  return out;
}

}  // namespace benchgate::gate
