#include "harness/stats/bootstrap.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>

#include "harness/stats/resampler.hpp"
#include "harness/stats/slope.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {

// Where the numpy-linear median of n values falls: between order statistics
// k and k + 1 (from 0) at `fraction`.
struct median_rank {
  std::size_t k = 0;
  double fraction = 0;
};

median_rank median_rank_of(std::size_t n) {
  const double rank = 0.5 * static_cast<double>(n - 1);
  const auto k = static_cast<std::size_t>(std::floor(rank));
  return {k, rank - static_cast<double>(k)};
}

// One resample as a count per sorted value: the order statistics then come
// from walks over the counts instead of a sort of each resample. Both arrays
// are padded with a sentinel at each end (values -inf and +inf, count 0) so
// that the walks need no bounds checks. The loops are written for speed: a
// 90-cell comparison runs them 10^7 times per side.
class counted_resample {
 public:
  counted_resample(std::span<const double> sorted, median_rank rank)
      : n_(sorted.size()), values_(n_ + 2), counts_(n_ + 2, 0.0), drawn_(n_, 0), rank_(rank) {
    values_[0] = -std::numeric_limits<double>::infinity();
    values_[n_ + 1] = std::numeric_limits<double>::infinity();
    std::copy(sorted.begin(), sorted.end(), values_.begin() + 1);
  }

  // Draws a new resample. The counts of the last one are cleared through
  // its draws, n stores instead of a fill of all counts.
  void draw(index_sampler& sampler) {
    double* counts = counts_.data() + 1;  // sorted value 0 is past the sentinel
    const std::uint32_t* drawn = drawn_.data();
    const std::size_t n = n_;
    for (std::size_t i = 0; i < n; ++i) counts[drawn[i]] = 0;
    sampler.fill(drawn_);
    for (std::size_t i = 0; i < n; ++i) counts[drawn[i]] += 1;
  }

  // Sorted value j (from 0) and how often the resample drew it.
  double count(std::size_t j) const { return counts_[j + 1]; }

  // sum(count * value) over the resample.
  double sum() const {
    return weighted_sum([&](std::size_t j) { return counts_[j] * values_[j]; });
  }

  // sum(count * (value - center)^2) over the resample.
  double squared_deviations(double center) const {
    return weighted_sum([&](std::size_t j) {
      const double d = values_[j] - center;
      return counts_[j] * d * d;
    });
  }

  // The numpy-linear median: the walk stops where the running count first
  // passes k (order statistic k), and again where it passes k + 1; a value
  // with count 0 never moves the running count, so it is never picked.
  // `at` is set to the position of order statistic k.
  double median(std::size_t& at) const {
    const double* counts = counts_.data();
    std::size_t j = 1;
    double seen = counts[j];
    while (seen <= k()) seen += counts[++j];
    at = j;
    const double low = values_[j];
    if (rank_.fraction == 0 || seen > k() + 1) return low;
    do {
      ++j;
    } while (counts[j] == 0);
    return low + (values_[j] - low) * rank_.fraction;
  }

  // The unscaled median of |x - center| over the resample. The deviations of
  // the values below `center` (walking down) and above it (walking up) each
  // ascend, so merging the two walks visits all deviations in order.
  // `near` is a position whose value is at or just below `center` (the
  // median's order statistic k): the first value >= center is a step or
  // two from it, closer than a binary search.
  double median_deviation(double center, std::size_t near) const {
    const double* values = values_.data();
    const double* counts = counts_.data();
    std::size_t up = near;  // becomes std::lower_bound(center); the sentinels stop both walks
    while (values[up] < center) ++up;
    while (values[up - 1] >= center) --up;
    std::size_t down = up - 1;
    double seen = 0;
    bool have_low = false;
    double low = 0;
    while (true) {
      const double above = values[up] - center;    // +inf past the end
      const double below = center - values[down];  // +inf before the start
      // Arithmetic instead of branches: which side comes next is a coin
      // flip the branch predictor cannot learn.
      const bool take_up = above <= below;
      const double deviation = take_up ? above : below;
      seen += counts[take_up ? up : down];
      up += take_up ? 1 : 0;
      down -= take_up ? 0 : 1;
      if (!have_low && seen > k()) {
        low = deviation;
        if (rank_.fraction == 0 || seen > k() + 1) return low;
        have_low = true;
      } else if (have_low && seen > k() + 1) {
        return low + (deviation - low) * rank_.fraction;
      }
    }
  }

 private:
  double k() const { return static_cast<double>(rank_.k); }

  // sum(term(j)) for j in 1..n with four running sums, so that the additions
  // do not wait on one another.
  template <class Term>
  double weighted_sum(Term term) const {
    double partial[4] = {0, 0, 0, 0};
    std::size_t j = 1;
    for (; j + 3 <= n_; j += 4) {
      partial[0] += term(j);
      partial[1] += term(j + 1);
      partial[2] += term(j + 2);
      partial[3] += term(j + 3);
    }
    for (; j <= n_; ++j) partial[0] += term(j);
    return (partial[0] + partial[1]) + (partial[2] + partial[3]);
  }

  std::size_t n_;
  std::vector<double> values_;
  std::vector<double> counts_;
  std::vector<std::uint32_t> drawn_;  // the indices of the current resample
  median_rank rank_;
};

}  // namespace

sample_distributions bootstrap_sample(std::span<const double> per_iteration,
                                      std::span<const double> iterations, std::size_t resamples,
                                      std::uint64_t seed) {
  assert(iterations.empty() || iterations.size() == per_iteration.size());
  sample_distributions out;
  const std::size_t n = per_iteration.size();
  if (n == 0) return out;

  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return per_iteration[a] < per_iteration[b]; });
  std::vector<double> sorted(n);
  std::vector<double> x(iterations.empty() ? 0 : n);
  for (std::size_t j = 0; j < n; ++j) {
    sorted[j] = per_iteration[order[j]];
    if (!iterations.empty()) x[j] = iterations[order[j]];
  }
  const double count = static_cast<double>(n);

  out.mean.resize(resamples);
  out.std_dev.resize(resamples);
  out.median.resize(resamples);
  out.mad.resize(resamples);
  if (!iterations.empty()) out.slope.resize(resamples);

  counted_resample resample(sorted, median_rank_of(n));
  index_sampler sampler(seed, static_cast<std::uint32_t>(n));
  for (std::size_t b = 0; b < resamples; ++b) {
    resample.draw(sampler);
    // Two passes (mean, then squared deviations from it): a constant
    // resample gets a std dev of exactly 0, which sum-of-squares formulas miss.
    const double resample_mean = resample.sum() / count;
    out.mean[b] = resample_mean;
    out.std_dev[b] = n > 1 ? std::sqrt(resample.squared_deviations(resample_mean) / (count - 1)) : 0;
    if (!x.empty()) {
      double xy = 0;
      double xx = 0;
      for (std::size_t j = 0; j < n; ++j) {
        xy += resample.count(j) * x[j] * (sorted[j] * x[j]);
        xx += resample.count(j) * x[j] * x[j];
      }
      out.slope[b] = xx > 0 ? xy / xx : 0;
    }
    std::size_t at = 0;
    const double median_value = resample.median(at);
    out.median[b] = median_value;
    out.mad[b] = k_mad_normal_consistency * resample.median_deviation(median_value, at);
  }
  return out;
}

interval_estimate summarize_distribution(double estimate, std::span<const double> distribution,
                                         double confidence) {
  assert(confidence > 0 && confidence < 1);
  if (distribution.empty()) return {estimate, estimate, estimate, 0};
  const auto bounds = percentiles(distribution, k_median_pct * (1 - confidence), k_median_pct * (1 + confidence));
  return {estimate, bounds.low, bounds.high, std_dev(distribution)};
}

absolute_estimates estimate_absolute(std::span<const double> per_iteration,
                                     std::span<const double> iterations,
                                     const sample_distributions& distributions, double confidence) {
  absolute_estimates out;
  out.mean = summarize_distribution(mean(per_iteration), distributions.mean, confidence);
  out.median = summarize_distribution(median(per_iteration), distributions.median, confidence);
  out.std_dev = summarize_distribution(std_dev(per_iteration), distributions.std_dev, confidence);
  out.mad = summarize_distribution(mad(per_iteration), distributions.mad, confidence);
  out.typical = out.mean;
  if (is_linear_sampling(iterations) && !distributions.slope.empty()) {
    std::vector<double> totals(per_iteration.size());
    for (std::size_t i = 0; i < totals.size(); ++i) totals[i] = per_iteration[i] * iterations[i];
    out.typical = summarize_distribution(ols_slope_through_origin(iterations, totals),
                                         distributions.slope, confidence);
    out.typical_is_slope = true;
  }
  return out;
}

}  // namespace benchgate::stats
