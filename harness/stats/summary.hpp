#pragma once
// Descriptive statistics of one sample (docs/statistics.md, "Percentiles and
// spread"). Pure functions, no I/O.
// Empty input gives 0 (documented per function), never NaN.

#include <span>
#include <vector>

namespace benchgate::stats {

// Makes the MAD a consistent estimator of the standard deviation for normal
// data: 1 / Phi^-1(3/4) (criterion.rs and R's mad() use the same constant).
inline constexpr double k_mad_normal_consistency = 1.4826;

// Arithmetic mean; 0 for an empty sample.
double mean(std::span<const double> values);

// Sample standard deviation (divisor n - 1); 0 for fewer than 2 values.
double std_dev(std::span<const double> values);

// The median as a percentile.
inline constexpr double k_median_pct = 50;

// Percentile p in [0, 100] with linear interpolation between closest ranks
// (numpy "linear"): r = p/100 * (n-1), v[floor r] + (v[floor r + 1] - v[floor r]) * frac(r).
// `sorted` must be ascending. 0 for an empty sample.
double percentile_of_sorted(std::span<const double> sorted, double p);

// Percentile of unsorted values (copies and sorts).
double percentile(std::span<const double> values, double p);

// The same percentile without a full sort (partial selection, O(n)); reorders
// `values`. 0 for an empty sample.
double percentile_in_place(std::span<double> values, double p);

// Two percentiles of unsorted values, each equal to what percentile() gives,
// without copying or reordering `values`: one pass counts the values below a
// bracket of each rank (found from a strided subsample) and keeps the few
// inside, where the order statistics are then selected; a bracket that
// misses falls back to a selection over a copy. For the interval ends of
// bootstrap distributions (10^5 values). 0s for an empty sample.
struct percentile_pair {
  double low = 0;
  double high = 0;
};
percentile_pair percentiles(std::span<const double> values, double p_low, double p_high);

// Median = P50.
double median(std::span<const double> values);

// Median absolute deviation scaled to the normal: 1.4826 * median(|x - median|).
double mad(std::span<const double> values);

}  // namespace benchgate::stats
