#pragma once
// Least squares through the origin for linear sampling plans (criterion.rs's
// "slope" estimate; docs/statistics.md, "Slope"). Pure functions.

#include <span>

namespace benchgate::stats {

// beta = sum(x*y) / sum(x*x): the time per iteration when sample i ran x_i
// iterations in total time y_i. `x` and `y` have the same length; 0 when
// they are empty or every x is 0.
double ols_slope_through_origin(std::span<const double> x, std::span<const double> y);

// Whether sample i (from 0) ran (i + 1) * d iterations for one d > 0, with at
// least 2 samples: criterion's linear sampling, where the slope is the
// typical estimate. Google Benchmark's repetitions all run the same count, so
// they are not linear.
bool is_linear_sampling(std::span<const double> iterations);

}  // namespace benchgate::stats
