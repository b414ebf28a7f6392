#include "harness/history/run_record.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "harness/support/errors/input_error.hpp"
#include "harness/history/iso_date.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::history {

namespace {

// z of a two-sided 95 % interval; below this many samples the order
// statistics cannot give one, and the interval is the whole range.
constexpr double k_z95 = 1.959964;
constexpr std::size_t k_min_samples_for_median_interval = 6;
constexpr double k_seconds_per_ns = 1e-9;
// A git commit id in hexadecimal: at least an abbreviated one, at most SHA-256's.
constexpr std::size_t k_min_commit_digits = 4;
constexpr std::size_t k_max_commit_digits = 64;

std::string field(const std::optional<std::string>& value) { return value ? *value : "?"; }

std::string comma_list(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

}  // namespace

std::string exact_number_text(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%a", value);
  return buffer;
}

bool is_hex_commit(const std::string& text) {
  return text.size() >= k_min_commit_digits && text.size() <= k_max_commit_digits &&
         std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

std::string lower_case_commit(std::string commit) {
  std::transform(commit.begin(), commit.end(), commit.begin(),
                 [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
  return commit;
}

std::string sha256_hex(const std::string& bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr);
  std::string out;
  char hex[3];
  for (unsigned int i = 0; i < length; ++i) {
    std::snprintf(hex, sizeof hex, "%02x", digest[i]);
    out += hex;
  }
  return out;
}

std::string fingerprint::text() const {
  return "cpu=" + field(cpu_model) + "; cpus=" + (logical_cpus > 0 ? std::to_string(logical_cpus) : "?") +
         "; compiler=" + field(compiler) + "; flags=" + field(compiler_flags) + "; build=" + field(build_type) +
         "; benchmark=" + field(benchmark_version) + (kernel ? "; kernel=" + *kernel : "") +
         (read_by_history_add.empty() ? "" : "; read_by_history_add=" + comma_list(read_by_history_add));
}

fingerprint with_host_machine(fingerprint run, const host_machine& host, const std::string& source) {
  if (run.cpu_model) return run;  // the run named its machine
  if (run.logical_cpus > 0 && host.logical_cpus > 0 && run.logical_cpus != host.logical_cpus) {
    throw input_error("RESULTS " + source + ": ran on " + std::to_string(run.logical_cpus) +
                      " logical CPUs, this machine has " + std::to_string(host.logical_cpus) +
                      "; --measured-here expects results measured on the machine history add runs on");
  }
  auto fill = [&run](std::optional<std::string>& field_of_run, const std::optional<std::string>& read,
                     const char* name) {
    if (field_of_run || !read) return;
    field_of_run = read;
    run.read_by_history_add.push_back(name);
  };
  fill(run.cpu_model, host.cpu_model, "cpu");
  if (run.logical_cpus <= 0 && host.logical_cpus > 0) {
    run.logical_cpus = host.logical_cpus;
    run.read_by_history_add.push_back("cpus");
  }
  fill(run.kernel, host.kernel, "kernel");
  fill(run.compiler, host.compiler, "compiler");
  return run;
}

fingerprint fingerprint_of(const results::environment& env) {
  fingerprint f;
  f.cpu_model = env.cpu_model;
  f.logical_cpus = env.logical_cpus;
  f.compiler = env.compiler;
  f.compiler_flags = env.compiler_flags;
  f.build_type = env.build_type;
  f.benchmark_version = env.benchmark_version;
  return f;
}

summary summarize(std::vector<double> values) {
  summary s;
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  s.median = stats::percentile_of_sorted(values, 50);
  s.mean = stats::mean(values);
  const std::size_t n = values.size();
  if (n < k_min_samples_for_median_interval) {
    s.low = values.front();
    s.high = values.back();
    return s;
  }
  const double half = k_z95 * std::sqrt(static_cast<double>(n)) / 2;
  const double centre = static_cast<double>(n) / 2;
  const auto low = static_cast<std::size_t>(std::max(0.0, std::floor(centre - half)));
  const auto high = static_cast<std::size_t>(std::min(static_cast<double>(n - 1), std::ceil(centre + half) - 1));
  s.low = values[low];
  s.high = values[std::max(low, high)];
  return s;
}

std::vector<metric_record> metrics_of(const results::cell& c) {
  std::vector<metric_record> out;
  if (c.samples.empty()) return out;
  std::set<std::string> seen;
  const auto add = [&](const std::string& name, std::vector<double> values) {
    if (values.empty() || !seen.insert(name).second) return;
    const auto n = static_cast<std::int64_t>(values.size());
    out.push_back({name, n, summarize(std::move(values))});
  };
  std::vector<double> real, cpu, instructions, throughput;
  std::vector<std::string> counter_names;
  std::map<std::string, std::vector<double>> counters;
  const bool has_work = c.work.unit != benchgate::work_unit::none && c.work.amount > 0;
  for (const auto& s : c.samples) {
    real.push_back(s.real_ns);
    cpu.push_back(s.cpu_ns);
    if (s.instructions) instructions.push_back(*s.instructions);
    // Work per second of wall time, as compare's throughput.
    if (has_work && s.real_ns > 0) throughput.push_back(c.work.amount / (s.real_ns * k_seconds_per_ns));
    for (const auto& [name, value] : s.counters) {
      auto& values = counters[name];
      if (values.empty()) counter_names.push_back(name);
      values.push_back(value);
    }
  }
  add(k_real_time_metric, std::move(real));
  add(k_cpu_time_metric, std::move(cpu));
  // A metric every sample has, or it would summarize a different subset.
  if (instructions.size() == c.samples.size()) add("instructions", std::move(instructions));
  add("throughput", std::move(throughput));
  for (const auto& name : counter_names) add(name, std::move(counters[name]));
  for (const auto& f : c.figures) add(f.name, {f.value});
  return out;
}

run_record make_run_record(const results::loaded_results& loaded, const std::string& source,
                           const record_overrides& overrides) {
  const auto& env = loaded.results.env;
  run_record r;
  r.source = source;
  r.format = loaded.format;
  if (overrides.commit) {
    const auto given = lower_case_commit(*overrides.commit);
    const auto built = env.git_commit ? lower_case_commit(*env.git_commit) : std::string();
    if (!built.empty() && built != given && built.rfind(given, 0) != 0) {
      throw input_error("--commit " + *overrides.commit + ": RESULTS " + source + " was built from commit " +
                        *env.git_commit + "; leave --commit out or give that commit");
    }
    r.commit = given;
  } else {
    if (!env.git_commit || env.git_commit->empty()) {
      throw input_error("RESULTS " + source + ": no commit recorded (" + loaded.format +
                        " files made outside a git checkout have none); give the measured commit with --commit SHA");
    }
    if (env.git_dirty.value_or(false)) {
      throw input_error("RESULTS " + source + ": built from commit " + *env.git_commit +
                        " with uncommitted changes, so it did not measure that commit; give --commit SHA to record it "
                        "as that commit anyway");
    }
    r.commit = lower_case_commit(*env.git_commit);
  }
  if (!is_hex_commit(r.commit)) {
    throw input_error("RESULTS " + source + ": commit '" + r.commit + "': expected a hexadecimal git commit id");
  }
  const auto run_date = env.date.empty() ? std::nullopt : parse_iso_date(env.date);
  if (run_date) r.run_date = run_date->utc;
  if (overrides.date) {
    const auto date = parse_iso_date(*overrides.date);
    if (!date) {
      throw input_error("--date " + *overrides.date +
                        ": expected an ISO 8601 date, e.g. 2026-12-04 or 2026-12-04T08:30:00+01:00 (git log --format=%cI)");
    }
    r.commit_date = date->utc;
    r.commit_time_s = date->epoch_s;
  } else if (run_date) {
    r.commit_date = run_date->utc;
    r.commit_time_s = run_date->epoch_s;
  } else {
    throw input_error("RESULTS " + source + ": no readable run date ('" + env.date +
                      "'); give the commit's date with --date (git log -1 --format=%cI SHA)");
  }
  r.tool_version = env.tool_version;
  r.environment = fingerprint_of(env);
  if (overrides.host) r.environment = with_host_machine(r.environment, *overrides.host, source);

  // The commit and its date are what the user says the run measured, not
  // the run itself: the same file given with another --commit is the same run.
  std::string identity = r.run_date + '\n' + r.format + '\n' + r.environment.text() + '\n';
  for (const auto& c : loaded.results.cells) {
    if (!c.error.empty() || c.samples.empty()) continue;
    cell_record cell;
    cell.name = c.name;
    cell.case_name = c.case_name;
    identity += c.name + '\n';
    for (const auto& s : c.samples) {
      cell.real_ns.push_back(s.real_ns);
      cell.cpu_ns.push_back(s.cpu_ns);
      cell.iterations.push_back(s.iterations);
      identity +=
          exact_number_text(s.real_ns) + ' ' + exact_number_text(s.cpu_ns) + ' ' + std::to_string(s.iterations) + '\n';
    }
    cell.metrics = metrics_of(c);
    r.cells.push_back(std::move(cell));
  }
  if (r.cells.empty()) throw input_error("RESULTS " + source + ": no timed cell (every cell failed or has no sample)");
  r.digest = sha256_hex(identity);
  return r;
}

std::vector<run_record> read_run_records(const std::vector<std::string>& inputs, const record_overrides& overrides) {
  std::vector<run_record> runs;
  for (const auto& input : inputs) {
    runs.push_back(make_run_record(results::load_any_results(input, "RESULTS"), input, overrides));
  }
  return runs;
}

}  // namespace benchgate::history
