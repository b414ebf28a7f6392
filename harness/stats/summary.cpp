#include "harness/stats/summary.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace benchgate::stats {

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
  assert(p >= 0 && p <= 100);
  assert(std::is_sorted(sorted.begin(), sorted.end()));
  if (sorted.empty()) return 0;
  if (p >= 100) return sorted.back();
  const double rank = p / 100.0 * static_cast<double>(sorted.size() - 1);
  const auto k = static_cast<std::size_t>(std::floor(rank));
  const double fraction = rank - static_cast<double>(k);
  if (k + 1 >= sorted.size()) return sorted[k];
  return sorted[k] + (sorted[k + 1] - sorted[k]) * fraction;
}

double percentile(std::span<const double> values, double p) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return percentile_of_sorted(sorted, p);
}

double percentile_in_place(std::span<double> values, double p) {
  assert(p >= 0 && p <= 100);
  if (values.empty()) return 0;
  if (p >= 100) return *std::max_element(values.begin(), values.end());
  const double rank = p / 100.0 * static_cast<double>(values.size() - 1);
  const auto k = static_cast<std::size_t>(std::floor(rank));
  const double fraction = rank - static_cast<double>(k);
  const auto kth = values.begin() + static_cast<std::ptrdiff_t>(k);
  std::nth_element(values.begin(), kth, values.end());
  if (fraction == 0 || k + 1 >= values.size()) return *kth;
  // After nth_element every value past k is >= v[k]; the next order
  // statistic is their minimum.
  const double next = *std::min_element(kth + 1, values.end());
  return *kth + (next - *kth) * fraction;
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
