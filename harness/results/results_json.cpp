#include "harness/results/results_json.hpp"

#include <unordered_set>

#include "harness/errors/input_error.hpp"
#include "harness/files/file_io.hpp"
#include "harness/results/json_reader.hpp"

namespace benchgate::results {

namespace {

constexpr int k_json_indent = 2;

template <class T>
json optional_to_json(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json to_json(const environment& env) {
  json j;
  j["tool_version"] = env.tool_version;
  j["cpu_model"] = optional_to_json(env.cpu_model);
  j["logical_cpus"] = env.logical_cpus;
  j["os"] = optional_to_json(env.os);
  j["host"] = optional_to_json(env.host);
  j["date"] = env.date;
  j["load_average"] = env.load_average;
  j["cpu_governor"] = optional_to_json(env.cpu_governor);
  j["aslr"] = optional_to_json(env.aslr);
  j["compiler"] = optional_to_json(env.compiler);
  j["compiler_flags"] = optional_to_json(env.compiler_flags);
  j["build_type"] = optional_to_json(env.build_type);
  j["git_commit"] = optional_to_json(env.git_commit);
  j["git_dirty"] = optional_to_json(env.git_dirty);
  j["benchmark_version"] = optional_to_json(env.benchmark_version);
  return j;
}

environment environment_from(const object_reader& r) {
  environment env;
  env.tool_version = r.optional_string("tool_version").value_or("");
  env.cpu_model = r.optional_string("cpu_model");
  env.logical_cpus = r.has("logical_cpus") ? static_cast<int>(r.integer("logical_cpus")) : 0;
  env.os = r.optional_string("os");
  env.host = r.optional_string("host");
  env.date = r.optional_string("date").value_or("");
  if (r.has("load_average")) {
    for (const auto& v : r.array("load_average")) {
      if (!v.is_number()) r.fail("load_average", "an array of numbers");
      env.load_average.push_back(v.get<double>());
    }
  }
  env.cpu_governor = r.optional_string("cpu_governor");
  env.aslr = r.optional_string("aslr");
  env.compiler = r.optional_string("compiler");
  env.compiler_flags = r.optional_string("compiler_flags");
  env.build_type = r.optional_string("build_type");
  env.git_commit = r.optional_string("git_commit");
  env.git_dirty = r.optional_boolean("git_dirty");
  env.benchmark_version = r.optional_string("benchmark_version");
  return env;
}

json to_json(const settings& s) {
  json j;
  j["measure"] = s.measure;
  j["samples"] = s.samples;
  j["measurement_time_s"] = s.measurement_time_s;
  j["warmup_s"] = s.warmup_s;
  j["min_time_s"] = optional_to_json(s.min_time_s);
  j["quick"] = s.quick;
  j["random_interleaving"] = s.random_interleaving;
  j["cases"] = s.cases;
  j["filter"] = optional_to_json(s.filter);
  json params = json::object();
  for (const auto& [axis, values] : s.params) params[axis] = values;
  j["params"] = params;
  j["inputs"] = s.inputs;
  j["injected_slowdown_pct"] = s.injected_slowdown_pct;
  return j;
}

settings settings_from(const object_reader& r) {
  settings s;
  s.measure = r.string("measure");
  if (s.measure != "time" && s.measure != "instructions") r.fail("measure", "\"time\" or \"instructions\"");
  s.samples = static_cast<int>(r.integer("samples"));
  s.measurement_time_s = r.number("measurement_time_s");
  s.warmup_s = r.number("warmup_s");
  s.min_time_s = r.optional_number("min_time_s");
  s.quick = r.boolean("quick");
  s.random_interleaving = r.boolean("random_interleaving");
  s.cases = r.strings("cases");
  s.filter = r.optional_string("filter");
  const auto params = r.object("params");
  for (const auto& [axis, values] : params.raw().items()) {
    s.params.emplace_back(axis, params.strings(axis));
  }
  s.inputs = r.strings("inputs");
  s.injected_slowdown_pct = r.has("injected_slowdown_pct") ? r.number("injected_slowdown_pct") : 0;
  return s;
}

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
  return j;
}

sample sample_from(const object_reader& r) {
  sample s;
  s.iterations = r.integer("iterations");
  if (s.iterations <= 0) r.fail("iterations", "a positive integer");
  s.real_ns = r.positive_number("real_ns");
  s.cpu_ns = r.number("cpu_ns");
  if (s.cpu_ns < 0) r.fail("cpu_ns", "a number >= 0");
  s.instructions = r.optional_number("instructions");
  if (s.instructions && *s.instructions < 0) r.fail("instructions", "a number >= 0");
  if (r.has("counters")) {
    const auto counters = r.object("counters");
    for (const auto& [name, value] : counters.raw().items()) {
      s.counters.emplace_back(name, counters.number(name));
    }
  }
  return s;
}

json to_json(const cell& c) {
  json j;
  j["name"] = c.name;
  j["case"] = c.case_name;
  j["variant"] = c.variant;
  j["role"] = c.role ? json(std::string(suite::to_string(*c.role))) : json(nullptr);
  json params = json::object();
  for (const auto& [axis, value] : c.params) params[axis] = value;
  j["params"] = params;
  j["work_per_iteration"] = {{"unit", std::string(suite::to_string(c.work.unit))},
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
  c.name = r.string("name");
  c.case_name = r.string("case");
  c.variant = r.string("variant");
  if (const auto role = r.optional_string("role")) {
    c.role = suite::parse_variant_role(*role);
    if (!c.role) r.fail("role", "\"baseline\", \"core\", \"peer\" or null");
  }
  const auto params = r.object("params");
  for (const auto& [axis, value] : params.raw().items()) {
    c.params.emplace_back(axis, params.string(axis));
  }
  const auto work = r.object("work_per_iteration");
  const auto unit = suite::parse_work_unit(work.string("unit"));
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

std::string to_json_text(const run_results& results) {
  json j;
  j["schema"] = results_schema;
  j["environment"] = to_json(results.env);
  j["settings"] = to_json(results.config);
  json cells = json::array();
  for (const auto& c : results.cells) cells.push_back(to_json(c));
  j["cells"] = cells;
  return j.dump(k_json_indent) + "\n";
}

run_results parse_results(std::string_view text, std::string_view source) {
  const auto document = parse_json(text, source);
  const object_reader root(document, std::string(source), "");
  if (!root.has("schema")) {
    root.fail("schema", std::string("\"") + results_schema + "\" (is this a benchgate results file?)");
  }
  if (root.string("schema") != results_schema) {
    root.fail("schema", std::string("\"") + results_schema + "\"");
  }
  run_results results;
  results.env = environment_from(root.object("environment"));
  results.config = settings_from(root.object("settings"));
  std::unordered_set<std::string> names;
  for (const auto& c : root.objects("cells")) {
    auto parsed = cell_from(c);
    if (!names.insert(parsed.name).second) {
      c.fail("name", "a name not used by an earlier cell (duplicated cell name)");
    }
    results.cells.push_back(std::move(parsed));
  }
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
