#include "harness/stats/welch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "harness/stats/resampler.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {

// Running sums of one resampled side, on values shifted by the pooled mean
// so that the variance keeps its precision. The range makes the variance of
// a constant resample exactly 0 (the sums alone leave a rounding residue,
// which would turn an infinite t* into a huge finite one).
struct side_sums {
  double sum = 0;
  double sum_squares = 0;
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();

  void add(double x) {
    sum += x;
    sum_squares += x * x;
    low = std::min(low, x);
    high = std::max(high, x);
  }
  double mean(double n) const { return sum / n; }
  double variance(double n) const {
    if (low == high) return 0;
    return std::max(0.0, (sum_squares - sum * sum / n) / (n - 1));
  }
};

double t_of(const side_sums& a, double n_a, const side_sums& b, double n_b) {
  return (a.mean(n_a) - b.mean(n_b)) / std::sqrt(a.variance(n_a) / n_a + b.variance(n_b) / n_b);
}

}  // namespace

std::string_view to_string(welch_status status) {
  switch (status) {
    case welch_status::ok: return "ok";
    case welch_status::too_few_samples: return "too_few_samples";
    case welch_status::no_variance: return "no_variance";
  }
  return "ok";
}

std::optional<welch_status> parse_welch_status(std::string_view text) {
  for (const auto s : {welch_status::ok, welch_status::too_few_samples, welch_status::no_variance}) {
    if (to_string(s) == text) return s;
  }
  return std::nullopt;
}

std::optional<double> welch_t(std::span<const double> a, std::span<const double> b) {
  if (a.size() < 2 || b.size() < 2) return std::nullopt;
  const double sa = std_dev(a);
  const double sb = std_dev(b);
  const double standard_error =
      std::sqrt(sa * sa / static_cast<double>(a.size()) + sb * sb / static_cast<double>(b.size()));
  if (!(standard_error > 0)) return std::nullopt;
  return (mean(a) - mean(b)) / standard_error;
}

welch_result welch_test(std::span<const double> a, std::span<const double> b,
                        std::size_t resamples, std::uint64_t seed, double stop_above) {
  welch_result out;
  if (a.size() < 2 || b.size() < 2) {
    out.status = welch_status::too_few_samples;
    return out;
  }
  out.t = welch_t(a, b);
  if (!out.t) {
    out.status = welch_status::no_variance;
    out.p = mean(a) == mean(b) ? 1 : 0;
    return out;
  }
  std::vector<double> pooled(a.begin(), a.end());
  pooled.insert(pooled.end(), b.begin(), b.end());
  const double shift = mean(pooled);
  for (double& x : pooled) x -= shift;

  const double n_a = static_cast<double>(a.size());
  const double n_b = static_cast<double>(b.size());
  index_sampler sampler(seed, static_cast<std::uint32_t>(pooled.size()));
  std::size_t kept = 0;
  std::size_t hits = 0;
  std::vector<std::uint32_t> drawn(pooled.size());
  const auto p_of = [](std::size_t below, std::size_t finite) {
    return 2.0 * static_cast<double>(std::min(below, finite - below)) / static_cast<double>(finite);
  };
  for (std::size_t r = 0; r < resamples; ++r) {
    if (r > 0 && r % k_welch_batch == 0 && kept > 0) {
      const double p = p_of(hits, kept);
      const double q = p / 2;
      const double standard_error = 2 * std::sqrt(q * (1 - q) / static_cast<double>(kept));
      if (p - k_welch_stop_deviations * standard_error > stop_above) break;
    }
    ++out.resamples;
    sampler.fill(drawn);
    side_sums sa;
    side_sums sb;
    for (std::size_t i = 0; i < a.size(); ++i) sa.add(pooled[drawn[i]]);
    for (std::size_t i = a.size(); i < drawn.size(); ++i) sb.add(pooled[drawn[i]]);
    const double t = t_of(sa, n_a, sb, n_b);
    if (!std::isfinite(t)) continue;
    ++kept;
    hits += t < *out.t;
  }
  if (kept == 0) return out;
  out.p = p_of(hits, kept);
  return out;
}

}  // namespace benchgate::stats
