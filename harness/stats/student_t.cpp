#include "harness/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {

constexpr int k_max_fraction_terms = 300;
constexpr double k_fraction_epsilon = 1e-15;
constexpr double k_tiny = 1e-300;
constexpr int k_quantile_steps = 200;

// The continued fraction of the incomplete beta function (modified Lentz).
double beta_fraction(double a, double b, double x) {
  double c = 1;
  double d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < k_tiny) d = k_tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= k_max_fraction_terms; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < k_tiny) d = k_tiny;
    c = 1 + aa / c;
    if (std::fabs(c) < k_tiny) c = k_tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (std::fabs(d) < k_tiny) d = k_tiny;
    c = 1 + aa / c;
    if (std::fabs(c) < k_tiny) c = k_tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < k_fraction_epsilon) break;
  }
  return h;
}

// I_x(a, b), the regularized incomplete beta function.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double log_front = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) +
                           b * std::log1p(-x);
  const double front = std::exp(log_front);
  if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
  return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double variance(std::span<const double> v, double m) {
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return s / static_cast<double>(v.size() - 1);
}

t_test_result means_of(std::span<const double> a, std::span<const double> b) {
  t_test_result r;
  r.mean_a = mean(a);
  r.mean_b = mean(b);
  r.difference = r.mean_b - r.mean_a;
  return r;
}

// The two-sided p of r's t; a zero standard error gives 0 or 1.
t_test_result with_p(t_test_result r) {
  if (r.standard_error == 0) {
    r.p = r.difference == 0 ? 1 : 0;
  } else {
    r.p = std::clamp(2 * student_t_cdf(-std::fabs(r.difference / r.standard_error), r.df), 0.0, 1.0);
  }
  return r;
}

}  // namespace

double student_t_cdf(double t, double df) {
  if (std::isinf(t)) return t > 0 ? 1 : 0;
  const double tail = 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t));
  return t > 0 ? 1 - tail : tail;
}

double student_t_quantile(double probability, double df) {
  double low = -1e6;
  double high = 1e6;
  for (int i = 0; i < k_quantile_steps && high - low > 1e-12 * std::max(1.0, std::fabs(high)); ++i) {
    const double mid = 0.5 * (low + high);
    if (student_t_cdf(mid, df) < probability) low = mid; else high = mid;
  }
  return 0.5 * (low + high);
}

t_test_result student_t_test(std::span<const double> a, std::span<const double> b) {
  auto r = means_of(a, b);
  if (a.size() < 2 || b.size() < 2) return r;
  const double na = static_cast<double>(a.size());
  const double nb = static_cast<double>(b.size());
  r.df = na + nb - 2;
  const double pooled = ((na - 1) * variance(a, r.mean_a) + (nb - 1) * variance(b, r.mean_b)) / r.df;
  r.standard_error = std::sqrt(pooled * (1 / na + 1 / nb));
  return with_p(r);
}

t_test_result welch_t_test(std::span<const double> a, std::span<const double> b) {
  auto r = means_of(a, b);
  if (a.size() < 2 || b.size() < 2) return r;
  const double qa = variance(a, r.mean_a) / static_cast<double>(a.size());
  const double qb = variance(b, r.mean_b) / static_cast<double>(b.size());
  r.standard_error = std::sqrt(qa + qb);
  r.df = r.standard_error == 0 ? static_cast<double>(a.size() + b.size() - 2)
                               : (qa + qb) * (qa + qb) /
                                     (qa * qa / static_cast<double>(a.size() - 1) +
                                      qb * qb / static_cast<double>(b.size() - 1));
  return with_p(r);
}

t_test_result prediction_t_test(std::span<const double> before, std::span<const double> after) {
  if (before.size() < 2 || after.empty()) return {};
  auto r = means_of(before, after);
  const double nb = static_cast<double>(before.size());
  r.df = nb - 1;
  r.standard_error = std::sqrt(variance(before, r.mean_a) * (1 / nb + 1 / static_cast<double>(after.size())));
  return with_p(r);
}

double difference_half_width(const t_test_result& test, double confidence) {
  if (test.standard_error == 0 || test.df <= 0) return 0;
  return student_t_quantile(0.5 + confidence / 2, test.df) * test.standard_error;
}

}  // namespace benchgate::stats
