#include "harness/compare/cell_change.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <sstream>

#include "harness/formats/pairing_records.hpp"
#include "harness/stats/clustered.hpp"
#include "harness/stats/paired.hpp"
#include "harness/stats/resampler.hpp"
#include "harness/stats/slope.hpp"

namespace benchgate::compare {

namespace {

// Independent random streams of one pair (stats::derive_seed).
enum stream : std::uint64_t { old_side_stream = 1, new_side_stream = 2, welch_stream = 3, pairs_stream = 4 };

std::vector<double> iteration_counts(const results::cell& c) {
  std::vector<double> out;
  out.reserve(c.samples.size());
  for (const auto& s : c.samples) out.push_back(static_cast<double>(s.iterations));
  return out;
}

struct side_data {
  std::vector<double> times;
  std::vector<double> iterations;  // only under linear sampling (for the slope)
  stats::sample_distributions distributions;
};

side_data resample_side(const results::cell& c, const comparison_settings& settings,
                        std::uint64_t seed) {
  side_data side;
  side.times = sample_times(c, settings.metric);
  auto iterations = iteration_counts(c);
  if (stats::is_linear_sampling(iterations)) side.iterations = std::move(iterations);
  side.distributions = stats::bootstrap_sample(side.times, side.iterations,
                                               std::min(settings.resamples, stats::k_interval_resamples), seed);
  return side;
}

side_estimates estimates_of(const results::cell& c, const side_data& side,
                            const comparison_settings& settings) {
  const auto e = stats::estimate_absolute(side.times, side.iterations, side.distributions, settings.confidence);
  side_estimates out;
  out.name = c.name;
  out.samples = side.times.size();
  out.typical_is_slope = e.typical_is_slope;
  out.typical = e.typical;
  out.mean = e.mean;
  out.median = e.median;
  out.std_dev = e.std_dev;
  out.mad = e.mad;
  out.outliers = stats::classify_outliers(side.times);
  return out;
}

// Enough digits to show two amounts that differ beyond k_work_tolerance apart.
constexpr int k_work_digits = 10;
// Google Benchmark's work is a rate times the CPU time: the same work read
// from two files differs in the last digits. Beyond this relative gap it
// is other work.
constexpr double k_work_tolerance = 1e-6;

std::string work_text(const benchgate::work_per_iteration& w) {
  std::ostringstream out;
  out.precision(k_work_digits);
  out << w.amount << " " << benchgate::to_string(w.unit);
  return out.str();
}

bool same_work(const benchgate::work_per_iteration& a, const benchgate::work_per_iteration& b) {
  if (a.unit != b.unit) return false;
  const double scale = std::max(std::abs(a.amount), std::abs(b.amount));
  return std::abs(a.amount - b.amount) <= k_work_tolerance * scale;
}

// Every value equal: no spread at all (instruction counts).
bool zero_variance(const std::vector<double>& values) {
  return std::all_of(values.begin(), values.end(), [&](double v) { return v == values.front(); });
}

void add_warnings(cell_diff& d, const results::cell& old_cell, const results::cell& new_cell) {
  const auto n_old = d.old_side.samples;
  const auto n_new = d.new_side.samples;
  if (d.deterministic) {
    // No test was made, so none of the tests' caveats applies.
  } else if (d.welch.status == stats::welch_status::too_few_samples) {
    d.warnings.push_back("fewer than 2 samples on a side (old " + std::to_string(n_old) + ", new " +
                         std::to_string(n_new) + "): no Welch test, its p is 1");
  }
  if (!d.deterministic && !d.mann_whitney.reliable) {
    d.warnings.push_back("fewer than " + std::to_string(stats::k_min_reliable_u_samples) +
                         " samples on a side (old " + std::to_string(n_old) + ", new " +
                         std::to_string(n_new) + "): the U test is unreliable");
  }
  if (!d.deterministic && d.mann_whitney.all_values_equal) {
    d.warnings.push_back("every value is equal on both sides: the U test's p is 1");
  }
  if (!same_work(old_cell.work, new_cell.work)) {
    d.warnings.push_back("the work per iteration differs (old " + work_text(old_cell.work) + ", new " +
                         work_text(new_cell.work) + "): the sides may not measure the same thing");
  }
}

// The changes with intervals from resampled pairs (stats/paired.hpp).
stats::change_estimates paired_change(const std::vector<double>& old_times, const std::vector<double>& new_times,
                                      const comparison_settings& settings, std::uint64_t seed,
                                      bool with_throughput) {
  const auto pairs = stats::bootstrap_pairs(old_times, new_times, settings.resamples, seed);
  return stats::estimate_change(old_times, new_times, pairs.base, pairs.next, settings.confidence, with_throughput);
}

// The changes and the test over process pairs (stats/clustered.hpp);
// nullopt when the cell's pairs came from fewer than two of them (then
// they are compared as pairs, as one process pair's are).
std::optional<stats::clustered_change> process_pair_change(const results::cell& old_cell,
                                                           const std::vector<double>& old_times,
                                                           const std::vector<double>& new_times,
                                                           const comparison_settings& settings) {
  const auto labels = results::cluster_labels(old_cell);
  auto change = stats::cluster_change(old_times, new_times, labels, settings.confidence);
  if (change.clusters < 2) return std::nullopt;
  return change;
}

// The throughput change of a time change's interval: a slower time is a
// lower throughput, so the bounds swap.
std::optional<stats::interval_estimate> throughput_of(const stats::interval_estimate& time) {
  const auto estimate = stats::throughput_change(time.estimate);
  const auto lower = stats::throughput_change(time.upper);
  const auto upper = stats::throughput_change(time.lower);
  if (!estimate || !lower || !upper) return std::nullopt;
  return stats::interval_estimate{*estimate, *lower, *upper, time.std_error};
}

}  // namespace

std::optional<double> counter_value(const results::cell& c, const results::sample& s, const std::string& name) {
  for (const auto& [counter, value] : s.counters) {
    if (counter == name) return value;
  }
  // A case's figure is one value for the cell: the same in every sample.
  for (const auto& f : c.figures) {
    if (f.name == name) return f.value;
  }
  return std::nullopt;
}

bool carries(const results::cell& c, const time_metric& metric) {
  if (metric.of != time_metric::kind::counter) return true;
  return !c.samples.empty() && std::all_of(c.samples.begin(), c.samples.end(), [&](const results::sample& s) {
    return counter_value(c, s, metric.counter).has_value();
  });
}

std::vector<double> sample_times(const results::cell& c, const time_metric& metric) {
  std::vector<double> out;
  out.reserve(c.samples.size());
  for (const auto& s : c.samples) {
    switch (metric.of) {
      case time_metric::kind::cpu:
        out.push_back(s.cpu_ns);
        break;
      case time_metric::kind::instructions:
        // Callers check that every sample has a count (measure --instructions).
        out.push_back(s.instructions.value_or(0));
        break;
      case time_metric::kind::counter:
        // Callers check that the cell carries it (carries()).
        out.push_back(counter_value(c, s, metric.counter).value_or(0));
        break;
      case time_metric::kind::real:
        out.push_back(s.real_ns);
        break;
    }
  }
  return out;
}

cell_diff measure_change(const results::cell& old_cell, const results::cell& new_cell,
                         const comparison_settings& settings, std::uint64_t seed) {
  assert(!old_cell.samples.empty() && !new_cell.samples.empty());
  const auto old_side = resample_side(old_cell, settings, stats::derive_seed(seed, old_side_stream));
  const auto new_side = resample_side(new_cell, settings, stats::derive_seed(seed, new_side_stream));

  cell_diff d;
  d.name = new_cell.name;
  d.case_name = new_cell.case_name;
  d.params = new_cell.params;
  d.work = new_cell.work;
  d.old_side = estimates_of(old_cell, old_side, settings);
  d.new_side = estimates_of(new_cell, new_side, settings);

  const bool with_throughput = new_cell.work.unit != benchgate::work_unit::none && new_cell.work.amount > 0;
  const bool paired = settings.paired && old_side.times.size() == new_side.times.size();
  if (settings.paired && !paired) {
    d.warnings.push_back("the sides have " + std::to_string(old_side.times.size()) + " and " +
                         std::to_string(new_side.times.size()) + " samples: compared unpaired");
  }
  const auto clustered =
      paired && settings.clustered ? process_pair_change(old_cell, old_side.times, new_side.times, settings) : std::nullopt;
  auto change =
      clustered ? stats::change_estimates{clustered->mean, clustered->median, std::nullopt}
      : paired ? paired_change(old_side.times, new_side.times, settings, stats::derive_seed(seed, pairs_stream),
                             with_throughput)
             : stats::estimate_change(old_side.times, new_side.times, old_side.distributions,
                                      new_side.distributions, settings.confidence, with_throughput);
  if (clustered && with_throughput) change.throughput = throughput_of(clustered->mean);
  d.mean_change = change.mean;
  d.median_change = change.median;
  d.throughput_change = change.throughput;

  // Identical counts on each side (instruction mode): the change is exact,
  // so there is nothing to test; the verdict uses the threshold alone
  // (compare.cpp) and the p-values stay 1, written as null.
  // The same holds for a counter or figure that does not vary (a case's
  // figure is one value per cell); times always vary.
  const bool exact_metric = settings.metric == time_metric::instructions ||
                            settings.metric.of == time_metric::kind::counter;
  if (exact_metric && zero_variance(old_side.times) && zero_variance(new_side.times)) {
    d.deterministic = true;
    d.welch = {std::nullopt, 1, 1, stats::welch_status::no_variance};
    d.mann_whitney = {0, 1, 1, stats::u_method::none, old_side.times.front() == new_side.times.front(), true};
    add_warnings(d, old_cell, new_cell);
    return d;
  }
  const auto welch = clustered ? clustered->test
                     : paired ? stats::paired_t_test(new_side.times, old_side.times, settings.resamples,
                                                   stats::derive_seed(seed, welch_stream))
                            : stats::welch_test(new_side.times, old_side.times, settings.resamples,
                                                stats::derive_seed(seed, welch_stream), settings.alpha);
  d.welch = {welch.t, welch.p, welch.p, welch.status};
  const auto u = stats::mann_whitney_u(old_side.times, new_side.times);
  const bool reliable = old_side.times.size() >= stats::k_min_reliable_u_samples &&
                        new_side.times.size() >= stats::k_min_reliable_u_samples;
  d.mann_whitney = {u.u1, u.p, u.p, u.method, u.all_values_equal, reliable};
  add_warnings(d, old_cell, new_cell);
  return d;
}

}  // namespace benchgate::compare
