#include "harness/run/precision.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/stats/student_t.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::run {

namespace {

constexpr double k_two_sided_95_probability = 0.975;

}  // namespace

double relative_half_width(std::span<const double> values) {
  const auto n = static_cast<double>(values.size());
  const double mean = values.size() < 2 ? 0 : stats::mean(values);
  if (values.size() < 2 || !(mean > 0)) return std::numeric_limits<double>::infinity();
  const double t = stats::student_t_quantile(k_two_sided_95_probability, n - 1);
  return t * stats::std_dev(values) / std::sqrt(n) / mean;
}

int next_batch(int taken, double widest, double target) {
  if (!std::isfinite(widest)) return std::max(taken, k_min_batch);
  const double needed = static_cast<double>(taken) * (widest / target) * (widest / target);
  const double more = std::ceil(needed) - static_cast<double>(taken);
  return static_cast<int>(std::clamp(more, static_cast<double>(k_min_batch),
                                     static_cast<double>(std::max(taken, k_min_batch))));
}

step next_step(int taken, double width, double target, double spent_s, double cap_s) {
  if (width <= target) return {};
  if (spent_s >= cap_s) return {0, true};
  const int wanted = next_batch(taken, width, target);
  const double per_sample_s = spent_s / taken;
  const double room = per_sample_s > 0 ? (cap_s - spent_s) / per_sample_s : wanted;
  return {static_cast<int>(std::clamp(room, 1.0, static_cast<double>(wanted))), false};
}

}  // namespace benchgate::run
