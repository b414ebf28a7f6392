#include "harness/formats/run_info_json.hpp"

#include <limits>

namespace benchgate::results {

json environment_to_json(const environment& env) {
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

environment environment_from_json(const object_reader& r) {
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

const char* measure_name(measure_kind kind) {
  switch (kind) {
    case measure_kind::instructions: return "instructions";
    case measure_kind::allocations: return "allocations";
    case measure_kind::time: break;
  }
  return "time";
}

std::optional<measure_kind> measure_from_name(std::string_view name) {
  if (name == "time") return measure_kind::time;
  if (name == "instructions") return measure_kind::instructions;
  if (name == "allocations") return measure_kind::allocations;
  return std::nullopt;
}

json settings_to_json(const settings& s) {
  json j;
  j["measure"] = measure_name(s.measure);
  j["cache_sim"] = s.cache_sim;
  j["samples"] = s.samples;
  j["measurement_time_s"] = s.measurement_time_s;
  j["warmup_s"] = s.warmup_s;
  j["min_time_s"] = optional_to_json(s.min_time_s);
  j["quick"] = s.quick;
  j["random_interleaving"] = s.random_interleaving;
  j["rounds"] = s.rounds;
  j["cases"] = s.cases;
  j["filter"] = optional_to_json(s.filter);
  json params = json::object();
  for (const auto& [axis, values] : s.params) params[axis] = values;
  j["params"] = params;
  j["inputs"] = s.inputs;
  // Only when given, so that files of runs without plain registrations stay as they were.
  if (!s.roles.empty()) j["roles"] = s.roles;
  j["injected_slowdown_pct"] = s.injected_slowdown_pct;
  j["injected_slowdown_filter"] = optional_to_json(s.injected_slowdown_filter);
  j["precision_pct"] = optional_to_json(s.precision_pct);
  j["precision_cap_s"] = optional_to_json(s.precision_cap_s);
  j["shard"] = s.shard ? json{{"index", s.shard->index}, {"count", s.shard->count}} : json(nullptr);
  j["google_benchmark_args"] = s.google_benchmark_args ? json(*s.google_benchmark_args) : json(nullptr);
  // Only when recorded, so that files of plain runs stay as they were.
  if (s.placement) {
    j["placement"] = {{"executable", s.placement->copies ? "copy per process" : "original"},
                      {"environment_pad_max_bytes", s.placement->environment_pad_max_bytes},
                      {"path_pad_max_chars", s.placement->path_pad_max_chars}};
  }
  return j;
}

settings settings_from_json(const object_reader& r) {
  settings s;
  const auto measure = measure_from_name(r.string("measure"));
  if (!measure) r.fail("measure", "\"time\", \"instructions\" or \"allocations\"");
  s.measure = *measure;
  // Absent in files written before --cache-sim: no simulation.
  s.cache_sim = r.has("cache_sim") && r.boolean("cache_sim");
  if (s.cache_sim && s.measure != measure_kind::instructions) r.fail("cache_sim", "false unless measure is \"instructions\"");
  const auto samples = r.integer("samples");  // 0: each case's own number
  if (samples < 0 || samples > std::numeric_limits<int>::max()) r.fail("samples", "an integer >= 0");
  s.samples = static_cast<int>(samples);
  s.measurement_time_s = r.number("measurement_time_s");
  if (s.measurement_time_s < 0) r.fail("measurement_time_s", "a number of seconds >= 0");
  s.warmup_s = r.number("warmup_s");
  if (s.warmup_s < 0) r.fail("warmup_s", "a number of seconds >= 0");
  s.min_time_s = r.optional_number("min_time_s");
  s.quick = r.boolean("quick");
  s.random_interleaving = r.boolean("random_interleaving");
  if (r.has("rounds")) {
    const auto rounds = r.integer("rounds");
    if (rounds < 1 || rounds > std::numeric_limits<int>::max()) r.fail("rounds", "an integer >= 1");
    s.rounds = static_cast<int>(rounds);
  }
  s.cases = r.strings("cases");
  s.filter = r.optional_string("filter");
  const auto params = r.object("params");
  for (const auto& [axis, values] : params.raw().items()) {
    s.params.emplace_back(axis, params.strings(axis));
  }
  s.inputs = r.strings("inputs");
  if (r.has("roles")) s.roles = r.strings("roles");
  s.injected_slowdown_pct = r.has("injected_slowdown_pct") ? r.number("injected_slowdown_pct") : 0;
  s.injected_slowdown_filter = r.optional_string("injected_slowdown_filter");
  s.precision_pct = r.optional_number("precision_pct");
  s.precision_cap_s = r.optional_number("precision_cap_s");
  if (r.has("google_benchmark_args") && !r.raw().at("google_benchmark_args").is_null()) {
    s.google_benchmark_args = r.strings("google_benchmark_args");
  }
  if (r.has("placement") && !r.raw().at("placement").is_null()) {
    const auto placement = r.object("placement");
    const auto executable = placement.string("executable");
    if (executable != "copy per process" && executable != "original") {
      placement.fail("executable", "\"copy per process\" or \"original\"");
    }
    const auto bounded = [&](const char* key) {
      const auto value = placement.integer(key);
      if (value < 0 || value > k_max_placement_pad) {
        placement.fail(key, "an integer from 0 to " + std::to_string(k_max_placement_pad));
      }
      return static_cast<int>(value);
    };
    s.placement = placement_record{executable == "copy per process", bounded("environment_pad_max_bytes"),
                                   bounded("path_pad_max_chars")};
  }
  if (r.has("shard") && !r.raw().at("shard").is_null()) {
    const auto shard = r.object("shard");
    const auto count = shard.integer("count");
    if (count < 1 || count > k_max_shards) shard.fail("count", "an integer from 1 to " + std::to_string(k_max_shards));
    const auto index = shard.integer("index");
    if (index < 1 || index > count) shard.fail("index", "an integer from 1 to count (" + std::to_string(count) + ")");
    s.shard = shard_spec{static_cast<int>(index), static_cast<int>(count)};
  }
  return s;
}

}  // namespace benchgate::results
