#include "harness/gate/gate_verdict_json.hpp"

#include "harness/support/files/file_io.hpp"
#include "harness/formats/json_reader.hpp"

namespace benchgate::gate {

namespace {

constexpr int k_json_indent = 2;

results::json rule_json(const resolved_rule& r) {
  return {{"index", results::or_null(r.rule_index)},
          {"match", r.rule_index ? results::json(r.match) : results::json(nullptr)},
          {"ignored_by", r.ignored ? results::json(r.ignore_match) : results::json(nullptr)},
          {"warn_pct", r.warn_pct},
          {"fail_pct", r.fail_pct},
          {"max_ci_width_pct", results::or_null(r.max_ci_width_pct)},
          {"sources", {{"metric", to_string(r.metric_from)}, {"warn_pct", to_string(r.warn_from)},
                       {"fail_pct", to_string(r.fail_from)}, {"max_ci_width_pct", to_string(r.max_ci_width_from)}}}};
}

results::json cell_json(const judged_cell& c) {
  return {{"name", c.name},
          {"metric", to_string(c.metric)},
          {"better", std::string(to_string(c.rule.direction))},
          {"status", to_string(c.status)},
          {"change_pct", {{"estimate", results::or_null(c.change_pct)}, {"lower", results::or_null(c.lower_pct)},
                          {"upper", results::or_null(c.upper_pct)}}},
          {"change_abs", results::or_null(c.change_abs)},
          {"p_value", results::or_null(c.p_value)},
          {"deterministic", c.deterministic},
          {"rule", rule_json(c.rule)},
          {"reason", c.reason},
          {"confirmed_rounds", results::or_null(c.confirmed_rounds)}};
}

}  // namespace

std::string gate_verdict_to_json_text(const gate_verdict& verdict) {
  results::json cells = results::json::array();
  for (const auto& c : verdict.cells) cells.push_back(cell_json(c));
  const auto& t = verdict.totals;
  const results::json document = {
      {"schema", gate_verdict_schema},
      {"exit_code", to_int(verdict.exit)},
      {"result", verdict.exit == exit_code::regression ? "fail"
                 : verdict.exit == exit_code::unstable ? "unstable"
                                                       : "pass"},
      {"confirm_rounds", verdict.confirm_rounds},
      {"totals", {{"cells", t.cells}, {"pass", t.pass}, {"warn", t.warn}, {"fail", t.fail},
                  {"unstable", t.unstable}, {"ignored", t.ignored}, {"improved", t.improved},
                  {"error", t.error}, {"unjudged", t.unjudged}, {"new", t.added},
                  {"removed", t.removed}}},
      {"cells", cells}};
  return document.dump(k_json_indent) + "\n";
}

void save_gate_verdict(const gate_verdict& verdict, const std::filesystem::path& path, std::string_view source) {
  files::write_atomically(path, gate_verdict_to_json_text(verdict), source);
}

}  // namespace benchgate::gate
