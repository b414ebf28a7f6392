#include "harness/stats/outliers.hpp"

#include <algorithm>
#include <vector>

#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {

// Tukey's multipliers of the interquartile range for mild and severe outliers.
constexpr double k_mild_iqr_factor = 1.5;
constexpr double k_severe_iqr_factor = 3.0;
constexpr double k_lower_quartile_pct = 25;
constexpr double k_upper_quartile_pct = 75;

}  // namespace

tukey_fences fences_of(std::span<const double> values) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  const double q1 = percentile_of_sorted(sorted, k_lower_quartile_pct);
  const double q3 = percentile_of_sorted(sorted, k_upper_quartile_pct);
  const double iqr = q3 - q1;
  return {q1 - k_severe_iqr_factor * iqr, q1 - k_mild_iqr_factor * iqr,
          q3 + k_mild_iqr_factor * iqr, q3 + k_severe_iqr_factor * iqr};
}

outlier_counts classify_outliers(std::span<const double> values) {
  const auto fences = fences_of(values);
  outlier_counts counts;
  for (const double x : values) {
    if (x < fences.low_severe) {
      ++counts.low_severe;
    } else if (x > fences.high_severe) {
      ++counts.high_severe;
    } else if (x < fences.low_mild) {
      ++counts.low_mild;
    } else if (x > fences.high_mild) {
      ++counts.high_mild;
    }
  }
  return counts;
}

}  // namespace benchgate::stats
