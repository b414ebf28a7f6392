#include "harness/run/plan.hpp"

#include <algorithm>
#include <regex>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::run {

std::vector<benchgate::axis_values> chosen_axis_values(const benchgate::benchmark_case& bench_case,
                                                   const results::settings& options) {
  std::vector<benchgate::axis_values> chosen;
  for (const auto& axis : bench_case.axes()) {
    const auto given = std::find_if(options.params.begin(), options.params.end(),
                                    [&](const auto& p) { return p.first == axis.name; });
    if (given != options.params.end()) {
      chosen.push_back({axis.name, given->second});
    } else if (options.quick && !axis.quick.empty()) {
      chosen.push_back({axis.name, axis.quick});
    } else {
      chosen.push_back({axis.name, axis.defaults});
    }
  }
  return chosen;
}

namespace {

// Google Benchmark sizes a sample to 1.4 times its minimum time
// (PredictNumberOfIterations in src/benchmark_runner.cc), so the share of
// the measurement time is divided by that to keep the point's total.
constexpr double k_google_benchmark_overshoot = 1.4;

// Instruction mode's settings carry their sample count (run_options.hpp).
int samples_for(const benchgate::benchmark_case& bench_case, const results::settings& options) {
  if (options.samples > 0) return options.samples;
  if (options.quick) return options::k_quick_samples;
  return bench_case.default_samples() > 0 ? bench_case.default_samples() : options::k_default_samples;
}

// Round robin over the selected points in plan order (the cases in their
// order, each case's grid in its order): deterministic for the same build
// and options, and each case's points spread over all shards, so shards of
// a suite take about the same time. A point's variants go together.
bool in_shard(std::size_t position, const results::shard_spec& shard) {
  return position % static_cast<std::size_t>(shard.count) == static_cast<std::size_t>(shard.index - 1);
}

std::vector<planned_point> shard_of(std::vector<planned_point> points, const results::shard_spec& shard) {
  const auto total = points.size();
  std::vector<planned_point> kept;
  for (std::size_t i = 0; i < total; ++i) {
    if (in_shard(i, shard)) kept.push_back(std::move(points[i]));
  }
  if (kept.empty()) {
    throw input_error("--shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count) +
                      ": selects no grid point: the selection has " + std::to_string(total) +
                      "; expected at most that many shards");
  }
  return kept;
}

}  // namespace

bool matches_a_cell(const std::vector<planned_point>& points, const std::string& pattern) {
  const std::regex filter(pattern, std::regex::ECMAScript);
  for (const auto& planned : points) {
    if (planned.plain) {
      for (const auto& c : planned.plain->cells) {
        if (std::regex_search(c.name, filter)) return true;
      }
      continue;
    }
    for (const auto& variant : planned.variants) {
      if (std::regex_search(benchgate::cell_name(planned.bench_case->name(), variant.name, planned.point), filter)) {
        return true;
      }
    }
  }
  return false;
}

std::string point_label(const planned_point& planned) {
  if (planned.plain) return planned.plain->label;
  return std::string(planned.bench_case->name()) + "/" + planned.point.label();
}

run_plan make_plan(const options::run_options& run_options, const suite::registry& cases,
                   const std::vector<std::string>& plain_names) {
  const auto& options = run_options.settings;
  std::vector<const benchgate::benchmark_case*> selected;
  if (options.cases.empty()) {
    for (const auto& c : cases.cases()) selected.push_back(c.get());
  } else {
    for (const auto& name : options.cases) selected.push_back(cases.find(name));
  }
  std::optional<std::regex> filter;
  if (options.filter) filter.emplace(*options.filter, std::regex::ECMAScript);

  run_plan plan;
  const bool counting = options.measure == results::measure_kind::instructions;
  plan.interleave = options.random_interleaving && !counting;
  plan.callgrind_out = run_options.callgrind_out;
  plan.keep_callgrind_dumps = run_options.keep_callgrind_dumps;
  plan.count_allocations = options.measure == results::measure_kind::allocations;
  // The timing of a point's samples: its measurement time and warm-up
  // shared by its `shares` cells.
  const auto time_point = [&](planned_point& planned, std::size_t shares) {
    const auto cells = static_cast<double>(shares);
    planned.min_time_s = options.min_time_s.value_or(
        options.measurement_time_s / (cells * static_cast<double>(planned.samples) * k_google_benchmark_overshoot));
    planned.warmup_s = options.warmup_s / cells;
    if (options.precision_pct) {
      planned.precision = precision_target{*options.precision_pct / units::k_percent,
                                           options.precision_cap_s.value_or(options.measurement_time_s),
                                           options::k_min_samples};
    }
  };
  std::vector<std::string> case_names;
  for (const auto* bench_case : selected) {
    case_names.emplace_back(bench_case->name());
    std::vector<std::filesystem::path> inputs;
    if (bench_case->takes_input_files()) inputs.assign(options.inputs.begin(), options.inputs.end());
    const auto points = bench_case->points(chosen_axis_values(*bench_case, options), inputs);
    const auto variants = bench_case->variants();
    const int samples = samples_for(*bench_case, options);
    for (const auto& point : points) {
      planned_point planned{bench_case, point, {}, samples, 0, 0, std::nullopt};
      for (const auto& variant : variants) {
        const auto name = benchgate::cell_name(bench_case->name(), variant.name, point);
        if (!filter || std::regex_search(name, *filter)) planned.variants.push_back(variant);
      }
      if (planned.variants.empty()) continue;
      time_point(planned, planned.variants.size());
      plan.points.push_back(std::move(planned));
    }
  }
  // Plain registrations have no case name for --case to select them by.
  std::vector<plain_point> plain;
  if (options.cases.empty()) plain = plain_points(plain_names, options.filter, options.roles);
  if (!options.roles.empty() && plain_names.empty()) {
    throw input_error("--role " + options.roles.front() + ": roles are for plain Google Benchmark registrations, " +
                      "and this program has none; expected a driver with BENCHMARK() registrations");
  }
  if (counting && !plain.empty()) {
    throw input_error("--measure instructions: cannot count plain Google Benchmark registrations (" +
                      plain.front().cells.front().name + ", ...): their timed loop is Google Benchmark's, " +
                      "which callgrind's collection cannot be switched around; expected --case or --filter " +
                      "selecting benchgate cases only");
  }
  if (plan.count_allocations && !plain.empty()) {
    throw input_error("--measure allocations: cannot count plain Google Benchmark registrations (" +
                      plain.front().cells.front().name + ", ...): the count is taken per iteration of " +
                      "benchgate's timed loop, and theirs is Google Benchmark's; expected --case or --filter " +
                      "selecting benchgate cases only (a registration's own MemoryManager counters are read)");
  }
  for (auto& point : plain) {
    planned_point planned;
    planned.samples = options.samples > 0 ? options.samples
                                          : (options.quick ? options::k_quick_samples : options::k_default_samples);
    time_point(planned, point.cells.size());
    planned.plain = std::move(point);
    plan.points.push_back(std::move(planned));
  }
  if (plan.points.empty()) {
    throw input_error(options.filter ? "--filter " + *options.filter +
                                           ": matches no cell; see 'benchgate list' for names"
                                     : std::string("nothing to run: the selection has no cell"));
  }
  // An --inject-filter that matches no cell of the run would make the
  // injected run an A/A one without a word (calibrate's "detected 0/0").
  if (options.injected_slowdown_pct > 0 && options.injected_slowdown_filter &&
      !matches_a_cell(plan.points, *options.injected_slowdown_filter)) {
    throw input_error("--inject-filter " + *options.injected_slowdown_filter +
                      ": matches no cell of this run, so nothing would be slowed; see 'benchgate list' for names");
  }
  if (options.shard) plan.points = shard_of(std::move(plan.points), *options.shard);
  plan.config = options;
  // Recorded as every case run, so that a re-run runs the same; with plain
  // registrations run, as given (none: every case and registration).
  if (plain.empty()) plan.config.cases = case_names;
  return plan;
}

int fewest_samples(const run_plan& plan) {
  int fewest = 0;
  for (const auto& p : plan.points) {
    if (fewest == 0 || p.samples < fewest) fewest = p.samples;
  }
  return fewest;
}

}  // namespace benchgate::run
