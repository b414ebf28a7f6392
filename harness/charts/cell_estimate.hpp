#pragma once
// The mean time per iteration of one results cell with its bootstrap
// interval (stats/bootstrap.hpp), for the grid chart and the page's tables.

#include <cstddef>
#include <cstdint>
#include <optional>

#include "harness/compare/diff_model.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::charts {

// Charts need intervals to a few percent of their width, not the 100 000
// resamples of a comparison: 10 000 keep a 100-cell page under a second.
inline constexpr std::size_t k_chart_resamples = 10'000;

struct estimate_settings {
  compare::time_metric metric = compare::time_metric::real;
  double confidence = stats::k_default_confidence;
  std::size_t resamples = k_chart_resamples;
  std::uint64_t seed = compare::k_default_bootstrap_seed;
};

// nullopt for a cell without samples (an error cell).
std::optional<stats::interval_estimate> mean_time_ns(const results::cell& c, const estimate_settings& settings);

// Work per second for a time per iteration; nullopt without work or time.
std::optional<double> throughput_per_second(const benchgate::work_per_iteration& work, double ns);

}  // namespace benchgate::charts
