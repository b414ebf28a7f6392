#pragma once
// Precision-targeted sampling (run --precision PCT): the stopping rule. A
// grid point's variants are timed in batches of interleaved samples; after
// each batch every variant's 95 % interval for its mean wall time per
// iteration is measured against the target, and a variant stops when it is
// within it or when its share of the point's time cap is spent; the others
// go on. Pure functions; the runner times.

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

// What one variant does after a batch: `samples` more (0: it stops), and
// whether it stops because its cap is spent before the target was reached.
struct step {
  int samples = 0;
  bool capped = false;
};

// The step of a variant that has `taken` samples (>= 1) with relative
// half-width `width`, whose samples took `spent_s` of CPU time against its
// cap `cap_s`: stop within the target; stop capped when the cap is spent;
// else next_batch, but no more than the cap has room for at the pace so far
// (at least one).
step next_step(int taken, double width, double target, double spent_s, double cap_s);

}  // namespace benchgate::run
