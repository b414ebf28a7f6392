#include "harness/formats/gbench_json.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::results {

namespace {


// Nanoseconds per unit of Google Benchmark's time_unit field.
std::optional<double> ns_per_unit(std::string_view unit) {
  if (unit == "ns") return 1.0;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
}

// Google Benchmark writes "error_occurred": true for SkipWithError and
// "skipped": true for SkipWithMessage (a deliberate skip).
bool is_errored(const object_reader& entry) { return entry.optional_boolean("error_occurred").value_or(false); }

bool is_skipped(const object_reader& entry) {
  if (!entry.has("skipped")) return false;
  const auto& skipped = entry.raw()["skipped"];
  return skipped.is_boolean() ? skipped.get<bool>() : skipped.is_number() && skipped.get<double>() != 0;
}

std::string failure_message(const object_reader& entry, bool errored) {
  auto message = entry.optional_string(errored ? "error_message" : "skip_message");
  return std::string(errored ? "Google Benchmark reported an error (SkipWithError)"
                             : "Google Benchmark reported the benchmark skipped (SkipWithMessage)") +
         (message && !message->empty() ? ": " + *message : std::string());
}

// The fields Google Benchmark's JSON reporter writes for every run
// (json_reporter.cc, 1.7): any other number in a run is a counter, a user
// counter or a rate (items_per_second, bytes_per_second, kIsRate ones).
constexpr std::string_view k_run_fields[] = {
    "family_index", "per_family_instance_index", "repetitions", "repetition_index", "threads",
    "iterations",   "real_time",                 "cpu_time",    "rms",              "big_o"};

bool is_run_field(std::string_view key) {
  return std::find(std::begin(k_run_fields), std::end(k_run_fields), key) != std::end(k_run_fields);
}

std::vector<std::pair<std::string, double>> counters_of(const object_reader& entry) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& [key, value] : entry.raw().items()) {
    if (!value.is_number() || is_run_field(key)) continue;
    const auto v = value.get<double>();
    if (!std::isfinite(v)) entry.fail(key, "a finite number (a counter)");
    out.emplace_back(key, v);
  }
  return out;
}

// A time field in nanoseconds. Google Benchmark writes NaN or Infinity
// (read as strings, parse_json) for a time it could not measure.
double time_ns(const object_reader& entry, std::string_view key, double scale) {
  if (entry.has(key) && entry.raw()[key].is_string() && is_non_finite_word(entry.raw()[key].get<std::string>())) {
    entry.fail(key, "a time >= 0 (Google Benchmark writes NaN or Infinity for a time it could not measure: rerun "
                    "or drop that benchmark)");
  }
  const double ns = entry.number(key) * scale;
  if (ns < 0) entry.fail(key, "a time >= 0");
  if (!is_time_ns(ns)) {
    entry.fail(key, std::string(k_time_range_text) + " once converted from " + entry.string("time_unit"));
  }
  return ns;
}

sample gbench_sample(const object_reader& entry) {
  const auto scale = ns_per_unit(entry.string("time_unit"));
  if (!scale) entry.fail("time_unit", "\"ns\", \"us\", \"ms\" or \"s\"");
  sample s;
  s.iterations = entry.integer("iterations");
  if (s.iterations <= 0) entry.fail("iterations", "a positive integer");
  s.real_ns = time_ns(entry, "real_time", *scale);
  s.cpu_ns = time_ns(entry, "cpu_time", *scale);
  s.counters = counters_of(entry);
  return s;
}

environment environment_from_context(const object_reader& root) {
  environment env;
  if (!root.has("context")) return env;
  const auto context = root.object("context");
  env.host = context.optional_string("host_name");
  env.date = context.optional_string("date").value_or("");
  if (const auto cpus = context.optional_number("num_cpus")) {
    // Checked before the conversion: a double out of int's range is
    // undefined behaviour. -1 is Google Benchmark's "could not tell"
    // (GetNumCPUs when /proc/cpuinfo is unreadable): unknown, as 0.
    if (*cpus < -1 || *cpus > std::numeric_limits<int>::max() || *cpus != std::floor(*cpus)) {
      context.fail("num_cpus", "a number of CPUs (an integer >= 0, or -1: unknown)");
    }
    env.logical_cpus = std::max(0, static_cast<int>(*cpus));
  }
  env.benchmark_version = context.optional_string("library_version");
  if (context.has("load_avg") && context.raw()["load_avg"].is_array()) {
    for (const auto& v : context.array("load_avg")) {
      if (v.is_number()) env.load_average.push_back(v.get<double>());
    }
  }
  return env;
}

std::string case_part(const std::string& name) { return name.substr(0, name.find('/')); }

// Which registration an entry is, as Google Benchmark 1.6 and later record
// it: "family_index 1, instance 0"; empty in older files.
std::string registration_text(const object_reader& entry) {
  const auto& raw = entry.raw();
  if (!raw.contains("family_index") || !raw["family_index"].is_number_integer()) return "";
  std::string out = "family_index " + std::to_string(raw["family_index"].get<std::int64_t>());
  if (raw.contains("per_family_instance_index") && raw["per_family_instance_index"].is_number_integer()) {
    out += ", instance " + std::to_string(raw["per_family_instance_index"].get<std::int64_t>());
  }
  return out;
}

// The benchmark an aggregate row is of: its run_name (Google Benchmark 1.5
// on), else its name less "_" and the aggregate's ("BM_x_mean" -> "BM_x").
std::string aggregated_benchmark(const object_reader& entry) {
  if (entry.has("run_name")) return entry.name("run_name");
  auto name = entry.name("name");
  const auto suffix = "_" + entry.string("aggregate_name");
  if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    name.resize(name.size() - suffix.size());
  }
  return name;
}

}  // namespace

run_results gbench_from_json(const json& document, std::string_view source) {
  const object_reader root(document, std::string(source), "");
  run_results results;
  results.env = environment_from_context(root);
  std::map<std::string, std::size_t> index_of;
  // The registration of each name, and its repetitions seen: two
  // registrations under one name would pool two benchmarks' samples into
  // one cell (a bimodal mixture judged as one).
  std::map<std::string, std::string> registration_of;
  std::set<std::pair<std::string, std::int64_t>> repetitions_seen;
  std::size_t aggregates = 0;
  // The benchmarks aggregates are reported for, in order: one with no
  // repetition of its own (->ReportAggregatesOnly()) is not dropped.
  std::vector<std::string> aggregated;
  for (const auto& entry : root.objects("benchmarks")) {
    if (entry.has("aggregate_name")) {
      ++aggregates;
      // BigO and RMS fit a family's sizes: of no one benchmark.
      const auto kind = entry.string("aggregate_name");
      if (kind != "BigO" && kind != "RMS") aggregated.push_back(aggregated_benchmark(entry));
      continue;
    }
    const auto name = entry.name("name");
    const auto registration = registration_text(entry);
    const auto [first, new_name] = registration_of.emplace(name, registration);
    const bool repeated = entry.has("repetition_index") && entry.raw()["repetition_index"].is_number_integer() &&
                          !repetitions_seen.emplace(name, entry.integer("repetition_index")).second;
    if (first->second != registration || repeated) {
      entry.fail("name", "a name no other registered benchmark has (two registrations under one name would be "
                         "pooled into one cell: give them distinct names, e.g. with ->Name()); this one is " +
                             (first->second != registration
                                  ? "registered twice, as " + first->second + " and as " + registration
                                  : std::string("listed twice with one repetition_index")));
    }
    auto [it, added] = index_of.emplace(name, results.cells.size());
    if (added) {
      cell c;
      c.name = name;
      c.case_name = case_part(name);
      results.cells.push_back(std::move(c));
    }
    auto& c = results.cells[it->second];
    const bool errored = is_errored(entry);
    if (errored || is_skipped(entry)) {
      if (c.error.empty()) {
        c.error = failure_message(entry, errored);
        c.skipped = !errored;
      }
      continue;
    }
    c.samples.push_back(gbench_sample(entry));
    if (c.work.unit == benchgate::work_unit::none) c.work = gbench_work_per_iteration(name, c.samples.back());
  }
  if (results.cells.empty() && aggregates > 0) {
    throw input_error(std::string(source) + ": holds only aggregates (mean, median, stddev), no " +
                      "repetitions; expected each repetition as a sample: run the benchmark with " +
                      "--benchmark_repetitions=N and without --benchmark_report_aggregates_only");
  }
  for (const auto& name : aggregated) {
    if (index_of.count(name) > 0) continue;
    index_of.emplace(name, results.cells.size());
    cell c;
    c.name = name;
    c.case_name = case_part(name);
    c.error = "Google Benchmark reported only its aggregates (mean, median, stddev: ReportAggregatesOnly), no "
              "repetition to compare; expected each repetition as a sample: register it without "
              "->ReportAggregatesOnly()";
    c.skipped = true;  // not judged, and not a failure of the benchmark
    results.cells.push_back(std::move(c));
  }
  return results;
}

namespace {

// Whether Google Benchmark timed `name` by real or manual time
// (UseRealTime, UseManualTime): it names such a benchmark ".../real_time"
// or ".../manual_time" (a part after the function's, before "/threads:N").
bool timed_by_real_time(std::string_view name) {
  for (std::size_t slash = name.find('/'); slash != std::string_view::npos;) {
    const std::size_t next = name.find('/', slash + 1);
    const std::size_t length = next == std::string_view::npos ? std::string_view::npos : next - slash - 1;
    const auto part = name.substr(slash + 1, length);
    if (part == "real_time" || part == "manual_time") return true;
    slash = next;
  }
  return false;
}

}  // namespace

benchgate::work_per_iteration gbench_work_per_iteration(std::string_view name, const sample& s) {
  const double ns = timed_by_real_time(name) ? s.real_ns : s.cpu_ns;
  for (const auto& [rate_name, unit] : {std::pair{"bytes_per_second", benchgate::work_unit::bytes},
                                        std::pair{"items_per_second", benchgate::work_unit::items}}) {
    for (const auto& [counter, value] : s.counters) {
      if (counter == rate_name && value > 0 && ns > 0) return {unit, value * ns / units::k_ns_per_s};
    }
  }
  return {};
}

}  // namespace benchgate::results
