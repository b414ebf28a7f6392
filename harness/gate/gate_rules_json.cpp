#include "harness/gate/gate_rules_json.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/json_reader.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::gate {

namespace {

constexpr const char* k_percent_expected = "a percentage >= 0: a number (5) or a string (\"5%\")";

// A level: 5 or "5%" (or "5"); >= 0, finite.
std::optional<double> percent_at(const results::object_reader& r, std::string_view key) {
  if (!r.has(key)) return std::nullopt;
  const auto& value = r.raw().at(std::string(key));
  std::optional<double> pct;
  if (value.is_number()) {
    pct = value.get<double>();
  } else if (value.is_string()) {
    pct = text::parse_percent(value.get<std::string>());
  }
  if (!pct || !(*pct >= 0) || *pct > 1e9) r.fail(key, k_percent_expected);
  return pct;
}

gate_levels levels_from(const results::object_reader& r, std::vector<std::string>& notes) {
  gate_levels out;
  if (r.has("metric")) {
    const auto& value = r.raw().at("metric");
    const auto metric = value.is_string() ? parse_gate_metric(value.get<std::string>()) : std::nullopt;
    if (!metric) r.fail("metric", "one of real_time, cpu_time, instructions, throughput or a counter's name");
    if (value.get<std::string>() == compare::k_deprecated_real_time_spelling) {
      const std::string note = std::string("rules file: ") + compare::k_deprecated_time_note;
      if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
    }
    out.metric = metric;
  }
  if (r.has("direction")) {
    const auto& value = r.raw().at("direction");
    out.direction = value.is_string() ? results::parse_better(value.get<std::string>()) : std::nullopt;
    if (!out.direction) r.fail("direction", "\"higher\" or \"lower\" (which way the metric is better)");
  }
  out.warn_pct = percent_at(r, "warn");
  out.fail_pct = percent_at(r, "fail");
  out.max_ci_width_pct = percent_at(r, "max_ci_width");
  if (out.max_ci_width_pct && *out.max_ci_width_pct == 0) r.fail("max_ci_width", "a width > 0 (percent points)");
  if (out.warn_pct && out.fail_pct && *out.warn_pct > *out.fail_pct) {
    r.fail("warn", "a level at most the fail level " + results::describe(results::json(*out.fail_pct)) + "%");
  }
  return out;
}

// Whether every '[' of `glob` opens a set that a ']' closes. fnmatch takes
// an unclosed '[' as itself, so "BM_[ab" would quietly match no cell.
bool sets_closed(std::string_view glob) {
  for (std::size_t i = 0; i < glob.size(); ++i) {
    if (glob[i] == '\\') {
      ++i;
      continue;
    }
    if (glob[i] != '[') continue;
    std::size_t end = i + 1;
    if (end < glob.size() && glob[end] == '!') ++end;
    if (end < glob.size() && glob[end] == ']') ++end;  // a ']' first is a member
    end = glob.find(']', end);
    if (end == std::string_view::npos) return false;
    i = end;
  }
  return true;
}

std::string glob_at(const results::object_reader& r, std::string_view key, const std::string& value) {
  if (value.empty()) r.fail(key, "a glob on cell names, e.g. \"page_iter/*\"");
  if (!sets_closed(value)) r.fail(key, "a glob whose every '[' set ends with ']' (\\\\[ for a '[' itself)");
  return value;
}

}  // namespace

gate_rules parse_gate_rules(std::string_view text, std::string_view source) {
  const auto document = results::parse_json(text, source);
  const results::object_reader root(document, std::string(source), "");
  root.reject_unknown_keys({"schema", "defaults", "rules", "ignore", "unjudged", "new", "removed"});
  if (!root.has("schema") || !root.raw().at("schema").is_string() || root.string("schema") != rules_schema) {
    root.fail("schema", std::string("\"") + rules_schema + "\"");
  }
  gate_rules out;
  if (root.has("defaults")) {
    const auto defaults = root.object("defaults");
    defaults.reject_unknown_keys({"metric", "direction", "warn", "fail", "max_ci_width"});
    out.defaults = levels_from(defaults, out.notes);
  }
  if (root.has("rules")) {
    for (const auto& r : root.objects("rules")) {
      r.reject_unknown_keys({"match", "metric", "direction", "warn", "fail", "max_ci_width"});
      if (!r.has("match") || !r.raw().at("match").is_string()) r.fail("match", "a glob on cell names, e.g. \"page_iter/*\"");
      out.rules.push_back({glob_at(r, "match", r.string("match")), levels_from(r, out.notes)});
    }
  }
  if (root.has("ignore")) {
    for (const auto& glob : root.strings("ignore")) out.ignore.push_back(glob_at(root, "ignore", glob));
  }
  if (root.has("unjudged")) {
    const auto& value = root.raw().at("unjudged");
    const auto text = value.is_string() ? value.get<std::string>() : std::string();
    if (text != "ignore" && text != "unstable") root.fail("unjudged", "\"unstable\" (exit 3, the default) or \"ignore\"");
    out.ignore_unjudged = text == "ignore";
  }
  // A benchmark on one side only: "pass" (the default), "warn" or "fail".
  const auto one_side_at = [&](const char* key, one_side_level& level) {
    if (!root.has(key)) return;
    const auto& value = root.raw().at(key);
    const auto parsed = value.is_string() ? parse_one_side_level(value.get<std::string>()) : std::nullopt;
    if (!parsed) root.fail(key, "\"pass\" (the default), \"warn\" or \"fail\"");
    level = *parsed;
  };
  one_side_at("new", out.new_cells);
  one_side_at("removed", out.removed_cells);
  return out;
}

gate_rules load_gate_rules(const std::filesystem::path& path, std::string_view source) {
  const auto text = files::read_file(path, source);
  return parse_gate_rules(text, std::string(source) + " " + path.string());
}

}  // namespace benchgate::gate
