#pragma once
// Precision-targeted sampling (run --precision PCT): the stopping rule. A
// grid point is timed in batches of interleaved samples; after each batch
// every variant's 95 % interval for its mean wall time per iteration is
// measured against the target, and the point stops when all are within it
// or when its time cap is spent. Pure functions; the runner times.

#include <span>

namespace benchgate::run {

// Half the width of the 95 % Student t interval of the mean of `values`,
// relative to the mean: t(0.975, n-1) s / sqrt(n) / mean. Infinite with
// fewer than 2 values or a mean <= 0.
double relative_half_width(std::span<const double> values);

// Samples of the next batch: enough, by the square-root law, for the
// widest interval to reach the target if the spread stays as it is, at
// least `k_min_batch`, and at most as many as taken so far (an estimate
// from few samples is not trusted further than doubling).
// `taken` >= 1; `widest` and `target` relative half-widths, target > 0.
int next_batch(int taken, double widest, double target);

inline constexpr int k_min_batch = 5;

}  // namespace benchgate::run
