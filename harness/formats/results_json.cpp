#include "harness/formats/results_json.hpp"

#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/formats/json_reader.hpp"
#include "harness/formats/run_info_json.hpp"

namespace benchgate::results {

namespace {

constexpr int k_json_indent = 2;

json to_json(const sample& s) {
  json j;
  j["iterations"] = s.iterations;
  j["real_ns"] = s.real_ns;
  j["cpu_ns"] = s.cpu_ns;
  if (s.instructions) j["instructions"] = *s.instructions;
  if (!s.counters.empty()) {
    json counters = json::object();
    for (const auto& [name, value] : s.counters) counters[name] = value;
    j["counters"] = counters;
  }
  if (s.pair) j["pair"] = {{"id", s.pair->id}, {"index", s.pair->index}};
  return j;
}

sample sample_from(const object_reader& r) {
  sample s;
  s.iterations = r.integer("iterations");
  if (s.iterations <= 0) r.fail("iterations", "a positive integer");
  s.real_ns = r.positive_number("real_ns");
  if (!is_time_ns(s.real_ns)) r.fail("real_ns", k_time_range_text);
  s.cpu_ns = r.number("cpu_ns");
  if (s.cpu_ns < 0) r.fail("cpu_ns", "a number >= 0");
  if (!is_time_ns(s.cpu_ns)) r.fail("cpu_ns", k_time_range_text);
  s.instructions = r.optional_number("instructions");
  if (s.instructions && *s.instructions < 0) r.fail("instructions", "a number >= 0");
  if (r.has("counters")) {
    const auto counters = r.object("counters");
    for (const auto& [name, value] : counters.raw().items()) {
      s.counters.emplace_back(name, counters.number(name));
    }
  }
  if (r.has("pair")) {
    const auto pair = r.object("pair");
    s.pair = sample_pair{pair.string("id"), pair.integer("index")};
    if (s.pair->index < 0) pair.fail("index", "an integer >= 0");
  }
  return s;
}

json to_json(const cell& c) {
  json j;
  j["name"] = c.name;
  j["case"] = c.case_name;
  j["variant"] = c.variant;
  j["role"] = c.role ? json(std::string(benchgate::to_string(*c.role))) : json(nullptr);
  json params = json::object();
  for (const auto& [axis, value] : c.params) params[axis] = value;
  j["params"] = params;
  j["work_per_iteration"] = {{"unit", std::string(benchgate::to_string(c.work.unit))},
                             {"amount", c.work.amount}};
  json samples = json::array();
  for (const auto& s : c.samples) samples.push_back(to_json(s));
  j["samples"] = samples;
  json figures = json::object();
  for (const auto& f : c.figures) figures[f.name] = {{"value", f.value}, {"unit", f.unit}};
  j["figures"] = figures;
  if (!c.error.empty()) j["error"] = c.error;
  return j;
}

cell cell_from(const object_reader& r) {
  cell c;
  c.name = r.name("name");
  c.case_name = r.name("case", true);
  c.variant = r.name("variant", true);
  if (const auto role = r.optional_string("role")) {
    c.role = benchgate::parse_variant_role(*role);
    if (!c.role) r.fail("role", "\"baseline\", \"core\", \"peer\" or null");
  }
  const auto params = r.object("params");
  for (const auto& [axis, value] : params.raw().items()) {
    c.params.emplace_back(axis, params.string(axis));
  }
  const auto work = r.object("work_per_iteration");
  const auto unit = benchgate::parse_work_unit(work.string("unit"));
  if (!unit) work.fail("unit", "\"bytes\", \"items\" or \"none\"");
  c.work = {*unit, work.number("amount")};
  for (const auto& s : r.objects("samples")) c.samples.push_back(sample_from(s));
  const auto figures = r.object("figures");
  for (const auto& [name, value] : figures.raw().items()) {
    const auto f = figures.object(name);
    c.figures.push_back({name, f.number("value"), f.string("unit")});
  }
  c.error = r.optional_string("error").value_or("");
  return c;
}

}  // namespace

const cell* find_cell(const run_results& results, std::string_view name) {
  for (const auto& c : results.cells) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::vector<std::string> cell_names(const run_results& results) {
  std::vector<std::string> out;
  for (const auto& c : results.cells) out.push_back(c.name);
  return out;
}

cell_index::cell_index(const run_results& results) {
  for (const auto& c : results.cells) by_name_.emplace(c.name, &c);
}

const cell* cell_index::find(std::string_view name) const {
  const auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

std::string to_json_text(const run_results& results) {
  json j;
  j["schema"] = results_schema;
  if (!results.run_id.empty()) j["run_id"] = results.run_id;
  if (!results.pairings.empty()) {
    json pairings = json::array();
    for (const auto& p : results.pairings) {
      json record = {{"id", p.id}, {"side", p.side}, {"run_id", p.run_id}, {"partner_run_id", p.partner_run_id}};
      if (p.process_pair) record["process_pair"] = *p.process_pair;
      pairings.push_back(std::move(record));
    }
    j["pairings"] = pairings;
  }
  j["environment"] = environment_to_json(results.env);
  j["settings"] = settings_to_json(results.config);
  json cells = json::array();
  for (const auto& c : results.cells) cells.push_back(to_json(c));
  j["cells"] = cells;
  return j.dump(k_json_indent) + "\n";
}

run_results parse_results(std::string_view text, std::string_view source) {
  return results_from_json(parse_json(text, source), source);
}

run_results results_from_json(const json& document, std::string_view source) {
  const object_reader root(document, std::string(source), "");
  if (!root.has("schema")) {
    root.fail("schema", std::string("\"") + results_schema + "\" (is this a benchgate results file?)");
  }
  if (root.string("schema") != results_schema) {
    root.fail("schema", std::string("\"") + results_schema + "\"");
  }
  run_results results;
  results.run_id = root.optional_string("run_id").value_or("");
  if (root.has("pairings")) {
    for (const auto& p : root.objects("pairings")) {
      pairing_record record{p.string("id"), p.string("side"), p.string("run_id"), p.string("partner_run_id")};
      if (record.side != "old" && record.side != "new") p.fail("side", "\"old\" or \"new\"");
      if (p.has("process_pair")) {
        record.process_pair = p.integer("process_pair");
        if (*record.process_pair < 1) p.fail("process_pair", "an integer >= 1");
      }
      results.pairings.push_back(std::move(record));
    }
  }
  results.env = environment_from_json(root.object("environment"));
  results.config = settings_from_json(root.object("settings"));
  results.cells = distinct_cells(root, "cells", cell_from);
  return results;
}

void save_results(const run_results& results, const std::filesystem::path& path,
                  std::string_view source) {
  files::write_atomically(path, to_json_text(results), source);
}

run_results load_results(const std::filesystem::path& path, std::string_view source) {
  const std::string where = std::string(source) + " " + path.string();
  return parse_results(files::read_file(path, source), where);
}

}  // namespace benchgate::results
