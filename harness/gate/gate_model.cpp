#include "harness/gate/gate_model.hpp"

#include <cstdio>

#include "harness/compare/diff_model.hpp"

namespace benchgate::gate {

std::string to_string(const gate_metric& metric) {
  switch (metric.of) {
    case gate_metric::kind::cpu_time: return "cpu_time";
    case gate_metric::kind::instructions: return "instructions";
    case gate_metric::kind::throughput: return "throughput";
    case gate_metric::kind::counter: return metric.counter;
    case gate_metric::kind::time: break;
  }
  return "real_time";
}

std::optional<gate_metric> parse_gate_metric(std::string_view text) {
  if (text == compare::k_deprecated_real_time_spelling || text == "real_time") return gate_metric::time;
  if (text == "cpu_time") return gate_metric::cpu_time;
  if (text == "instructions") return gate_metric::instructions;
  if (text == "throughput") return gate_metric::throughput;
  if (!results::is_metric_name(text)) return std::nullopt;
  return gate_metric::counter_named(std::string(text));
}

std::string_view to_string(cell_status status) {
  switch (status) {
    case cell_status::pass: return "pass";
    case cell_status::warn: return "warn";
    case cell_status::fail: return "fail";
    case cell_status::unstable: return "unstable";
    case cell_status::ignored: return "ignored";
    case cell_status::improved: return "improved";
    case cell_status::error: return "error";
    case cell_status::unjudged: return "unjudged";
    case cell_status::added: return "new";
    case cell_status::removed: return "removed";
  }
  return "pass";
}

std::string_view to_string(one_side_level level) {
  switch (level) {
    case one_side_level::pass: return "pass";
    case one_side_level::warn: return "warn";
    case one_side_level::fail: return "fail";
  }
  return "pass";
}

std::optional<one_side_level> parse_one_side_level(std::string_view text) {
  for (const auto level : {one_side_level::pass, one_side_level::warn, one_side_level::fail}) {
    if (to_string(level) == text) return level;
  }
  return std::nullopt;
}

std::string_view to_string(level_source source) {
  switch (source) {
    case level_source::rule: return "rule";
    case level_source::command_line: return "command line";
    case level_source::rules_defaults: return "rules defaults";
    case level_source::built_in: return "built-in";
  }
  return "built-in";
}

std::string level_text(double pct) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g%%", pct);
  return buffer;
}

std::string points_text(double points) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", points);
  return buffer;
}

}  // namespace benchgate::gate
