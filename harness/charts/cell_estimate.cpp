#include "harness/charts/cell_estimate.hpp"

#include <vector>

#include "harness/compare/cell_change.hpp"
#include "harness/stats/bootstrap.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::charts {

std::optional<stats::interval_estimate> mean_time_ns(const results::cell& c, const estimate_settings& settings) {
  if (c.samples.empty()) return std::nullopt;
  const auto times = compare::sample_times(c, settings.metric);
  const auto distributions = stats::bootstrap_sample(times, {}, settings.resamples, settings.seed);
  return stats::estimate_absolute(times, {}, distributions, settings.confidence).mean;
}

std::optional<double> throughput_per_second(const benchgate::work_per_iteration& work, double ns) {
  if (work.unit == benchgate::work_unit::none || work.amount <= 0 || ns <= 0) return std::nullopt;
  return work.amount / ns * units::k_ns_per_s;
}

}  // namespace benchgate::charts
