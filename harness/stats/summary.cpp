#include "harness/stats/summary.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>

#include "harness/support/units/units.hpp"

namespace benchgate::stats {

namespace {

// Below this many values a copy and a selection cost less than a subsample.
constexpr std::size_t k_min_bracketed_values = 4096;
// Subsample size, at most: how many of the subsample fall below a rank's
// value is binomial, sqrt(size q (1 - q)) wide (q = rank / n), so a larger
// subsample brackets the rank more tightly but costs more to sort.
constexpr std::size_t k_subsample_size = 4096;
// The subsample is at most this fraction of the values (every 8th or sparser).
constexpr std::size_t k_min_subsample_stride = 8;
// Bracket half-width in those standard deviations: for values in random
// order (a bootstrap distribution) the rank falls outside with probability
// about 10^-15; then, or for values in any other order, the result is the
// same, from the fallback.
constexpr double k_bracket_deviations = 8;

// Order statistics k (and k + 1 when `fraction` > 0) of `values` combined as
// percentile_in_place does; `values` is reordered.
double interpolated(std::span<double> values, std::size_t k, double fraction) {
  const auto kth = values.begin() + static_cast<std::ptrdiff_t>(k);
  std::nth_element(values.begin(), kth, values.end());
  if (fraction == 0 || k + 1 >= values.size()) return *kth;
  // After nth_element every value past k is >= v[k]; the next order
  // statistic is their minimum.
  const double next = *std::min_element(kth + 1, values.end());
  return *kth + (next - *kth) * fraction;
}

// Where percentile p falls: order statistic k, then k + 1 at `fraction`.
struct rank_of {
  std::size_t k = 0;
  double fraction = 0;
};

rank_of rank_for(std::size_t n, double p) {
  const double rank = p / units::k_percent * static_cast<double>(n - 1);
  const auto k = static_cast<std::size_t>(std::floor(rank));
  return {k, rank - static_cast<double>(k)};
}

// The values of `values` in [low, high] (`inside`, `count` of them), and
// how many are below `low`.
struct bracket {
  double low = 0;
  double high = 0;
  std::size_t below = 0;
  std::size_t count = 0;
  std::unique_ptr<double[]> inside;  // room for every value; pages are touched as written

  bool holds(double v) const { return v >= low && v <= high; }
};

bracket bracket_for(std::span<const double> sorted_subsample, std::size_t n, std::size_t k) {
  const std::size_t m = sorted_subsample.size();
  const double q = static_cast<double>(k) / static_cast<double>(n);
  const double position = q * static_cast<double>(m);
  const double margin = std::ceil(k_bracket_deviations * std::sqrt(position * (1 - q))) + 2;
  const double first = std::floor(position - margin);
  const double last = std::ceil(position + margin);
  bracket b;
  b.low = first >= 0 ? sorted_subsample[static_cast<std::size_t>(first)] : -std::numeric_limits<double>::infinity();
  b.high = last < static_cast<double>(m) ? sorted_subsample[static_cast<std::size_t>(last)]
                                         : std::numeric_limits<double>::infinity();
  b.inside = std::make_unique_for_overwrite<double[]>(n);
  return b;
}

// Percentile p from its bracket, or nullopt when order statistics k and k + 1
// are not both inside it.
std::optional<double> from_bracket(bracket& b, rank_of r) {
  const std::size_t needed = r.fraction == 0 ? 1 : 2;
  if (b.below > r.k || b.below + b.count < r.k + needed) return std::nullopt;
  return interpolated(std::span<double>(b.inside.get(), b.count), r.k - b.below, r.fraction);
}

}  // namespace

double mean(std::span<const double> values) {
  if (values.empty()) return 0;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double std_dev(std::span<const double> values) {
  if (values.size() < 2) return 0;
  const double m = mean(values);
  double sum_squares = 0;
  for (const double v : values) sum_squares += (v - m) * (v - m);
  return std::sqrt(sum_squares / static_cast<double>(values.size() - 1));
}

double percentile_of_sorted(std::span<const double> sorted, double p) {
  assert(p >= 0 && p <= units::k_percent);
  assert(std::is_sorted(sorted.begin(), sorted.end()));
  if (sorted.empty()) return 0;
  if (p >= units::k_percent) return sorted.back();
  const auto [k, fraction] = rank_for(sorted.size(), p);
  if (k + 1 >= sorted.size()) return sorted[k];
  return sorted[k] + (sorted[k + 1] - sorted[k]) * fraction;
}

double percentile(std::span<const double> values, double p) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return percentile_of_sorted(sorted, p);
}

double percentile_in_place(std::span<double> values, double p) {
  assert(p >= 0 && p <= units::k_percent);
  if (values.empty()) return 0;
  if (p >= units::k_percent) return *std::max_element(values.begin(), values.end());
  const auto r = rank_for(values.size(), p);
  return interpolated(values, r.k, r.fraction);
}

percentile_pair percentiles(std::span<const double> values, double p_low, double p_high) {
  assert(p_low >= 0 && p_low <= 100 && p_high >= 0 && p_high <= 100);
  if (values.empty()) return {};
  const std::size_t n = values.size();
  const auto by_copy = [&] {
    std::vector<double> copy(values.begin(), values.end());
    const double low = percentile_in_place(copy, p_low);
    return percentile_pair{low, percentile_in_place(copy, p_high)};
  };
  if (n < k_min_bracketed_values || p_low >= 100 || p_high >= 100) return by_copy();
  const std::size_t stride = std::max(n / k_subsample_size, k_min_subsample_stride);
  std::vector<double> subsample;
  subsample.reserve(n / stride + 1);
  for (std::size_t i = 0; i < n; i += stride) subsample.push_back(values[i]);
  std::sort(subsample.begin(), subsample.end());
  const auto r_low = rank_for(n, p_low);
  const auto r_high = rank_for(n, p_high);
  bracket lows = bracket_for(subsample, n, r_low.k);
  bracket highs = bracket_for(subsample, n, r_high.k);
  // Branch-free: each value is written at the end of both brackets and kept
  // only where it is inside (a branch there would be mispredicted often).
  for (const double v : values) {
    lows.below += v < lows.low;
    highs.below += v < highs.low;
    lows.inside[lows.count] = v;
    lows.count += lows.holds(v);
    highs.inside[highs.count] = v;
    highs.count += highs.holds(v);
  }
  const auto low = from_bracket(lows, r_low);
  const auto high = from_bracket(highs, r_high);
  if (!low || !high) return by_copy();
  return {*low, *high};
}

double median(std::span<const double> values) { return percentile(values, 50); }

double mad(std::span<const double> values) {
  if (values.empty()) return 0;
  const double m = median(values);
  std::vector<double> deviations;
  deviations.reserve(values.size());
  for (const double v : values) deviations.push_back(std::abs(v - m));
  return k_mad_normal_consistency * median(deviations);
}

}  // namespace benchgate::stats
