#pragma once
// Relative change between a base sample and a new one, with bootstrap
// intervals, and criterion.rs's verdict (docs/statistics.md, "Comparing a base
// with a new sample"). Pure functions.

#include <optional>
#include <span>
#include <string_view>

#include "harness/stats/bootstrap.hpp"

namespace benchgate::stats {

// criterion.rs's defaults (significance_level, noise_threshold).
inline constexpr double k_default_alpha = 0.05;
inline constexpr double k_default_noise_threshold = 0.01;

enum class verdict {
  no_change,     // p >= alpha
  improved,      // significant, and the whole mean-change CI below -threshold
  regressed,     // significant, and the whole mean-change CI above +threshold
  within_noise,  // significant, but the CI reaches into [-threshold, +threshold]
};

// "no_change", "improved", "regressed" or "within_noise".
std::string_view to_string(verdict v);
// Parses the names to_string gives; nullopt for anything else.
std::optional<verdict> parse_verdict(std::string_view text);
// criterion's sentence: "Performance has regressed." and so on.
std::string_view verdict_sentence(verdict v);

// (new - base) / |base| as a fraction (+0.05: 5 % more time), compare.py's
// calculate_change. A base of 0 takes compare.py's convention too: 0 when
// both are 0, else (new - base) / ((new + base) / 2), so the result is
// always finite for finite, non-negative input.
double relative_change(double base, double next);

// The change of a throughput when its time changes by `time_change`:
// 1 / (1 + r) - 1. nullopt for r <= -1 (the new time is 0: no throughput).
std::optional<double> throughput_change(double time_change);

struct change_estimates {
  interval_estimate mean;                   // relative change of the mean
  interval_estimate median;                 // relative change of the median
  std::optional<interval_estimate> throughput;  // of the mean: see throughput_change
};

// The relative change of mean and median of `next` against `base`, each
// with the interval of the distribution of relative_change(base*, next*)
// over pairs of independent resamples (entry i of each side's distributions;
// both made with the same number of resamples). `throughput` is set when
// `with_throughput` and every resampled time change is above -1.
change_estimates estimate_change(std::span<const double> base, std::span<const double> next,
                                 const sample_distributions& base_distributions,
                                 const sample_distributions& next_distributions,
                                 double confidence, bool with_throughput);

// The verdict from p (of the chosen test, after any multiple-comparison
// adjustment), alpha and the mean-change interval [lower, upper] against the
// noise threshold theta (a fraction, 0.01 = 1 %).
verdict judge(double p, double alpha, const interval_estimate& mean_change, double noise_threshold);

}  // namespace benchgate::stats
