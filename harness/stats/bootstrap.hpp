#pragma once
// Bootstrap estimates of one sample (B. Efron and R. Tibshirani, "An
// Introduction to the Bootstrap", 1993) the way criterion.rs makes them
// (docs/statistics.md, "Bootstrap"): B resamples of the n values drawn with
// replacement, every statistic computed on the same resample, percentile
// confidence intervals, standard error = std dev of the bootstrap
// distribution. Pure functions; the seed makes every result reproducible.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace benchgate::stats {

// criterion.rs's defaults (nresamples, confidence_level).
inline constexpr std::size_t k_default_resamples = 100'000;
inline constexpr double k_default_confidence = 0.95;

// The most resamples a comparison spends on the intervals of a cell (it
// keeps up to k_default_resamples for the Welch p-value). A percentile
// interval's end is an order statistic of the B resampled values; its Monte
// Carlo standard error is sqrt(q (1 - q) / B) / f(x_q) (q = 0.025 at 95 %),
// for a normal bootstrap distribution 0.027 of its standard deviation at
// B = 10 000, 1.4 % of the interval's half-width (1.96 of them), and the
// standard error's own relative Monte Carlo error is 1 / sqrt(2 B) = 0.7 %.
// 100 000 resamples would make those 0.43 % and 0.22 % at ten times the
// cost (docs/compare.md, "Cost").
inline constexpr std::size_t k_interval_resamples = 10'000;

// A point estimate with its bootstrap confidence interval and standard error.
struct interval_estimate {
  double estimate = 0;
  double lower = 0;
  double upper = 0;
  double std_error = 0;
  friend bool operator==(const interval_estimate&, const interval_estimate&) = default;
};

// Bootstrap distributions of one sample: entry i of every vector comes from
// resample i. `slope` is filled only when iteration counts were given.
struct sample_distributions {
  std::vector<double> mean;
  std::vector<double> std_dev;
  std::vector<double> median;
  std::vector<double> mad;
  std::vector<double> slope;
};

// Draws `resamples` resamples of `per_iteration` (time per iteration of each
// sample). With `iterations` (same length: iterations of each sample) it also
// bootstraps the OLS slope through the origin over (iterations, total time)
// pairs. Statistics follow summary.hpp (std dev divisor n - 1, numpy-linear
// median, MAD scaled by 1.4826). O(resamples * n), no sort per resample.
// Empty input gives empty distributions; one value gives constant ones.
sample_distributions bootstrap_sample(std::span<const double> per_iteration,
                                      std::span<const double> iterations, std::size_t resamples,
                                      std::uint64_t seed);

// `estimate` with the interval [P(50(1 - cl)), P(50(1 + cl))] of
// `distribution` (P2.5 and P97.5 at cl = 0.95) and its standard deviation as
// the standard error. `confidence` in (0, 1). An empty distribution gives
// [estimate, estimate] with standard error 0.
interval_estimate summarize_distribution(double estimate, std::span<const double> distribution,
                                         double confidence);

// The estimates criterion prints for one sample. `typical` is the OLS slope
// when the sampling is linear (slope.hpp), else the mean.
struct absolute_estimates {
  interval_estimate typical;
  bool typical_is_slope = false;
  interval_estimate mean;
  interval_estimate median;
  interval_estimate std_dev;
  interval_estimate mad;
};

// Point estimates of the sample with the intervals of `distributions` (made
// by bootstrap_sample from the same sample). Empty input gives all zeros.
absolute_estimates estimate_absolute(std::span<const double> per_iteration,
                                     std::span<const double> iterations,
                                     const sample_distributions& distributions, double confidence);

}  // namespace benchgate::stats
