#include "harness/stats/mann_whitney.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <vector>

namespace benchgate::stats {

namespace {

// scipy's "auto" switches to the normal approximation above this size on
// both sides (scipy/stats/_mannwhitneyu.py, _mwu_choose_method).
constexpr std::size_t k_exact_max_samples = 8;

// U is a whole number when no value ties; this absorbs rounding in the rank sum.
constexpr double k_whole_u_tolerance = 1e-9;

// Ranks of a ++ b (1-based, ties get their average rank): the rank sum of
// `a` and the tie term sum(t^3 - t) over groups of t equal values.
struct rank_summary {
  double rank_sum_first = 0;
  double tie_term = 0;
  bool has_ties = false;
};

rank_summary rank_pooled(std::span<const double> a, std::span<const double> b) {
  struct tagged {
    double value;
    bool first;
  };
  std::vector<tagged> pooled;
  pooled.reserve(a.size() + b.size());
  for (const double x : a) pooled.push_back({x, true});
  for (const double x : b) pooled.push_back({x, false});
  std::sort(pooled.begin(), pooled.end(), [](const tagged& l, const tagged& r) { return l.value < r.value; });
  rank_summary out;
  std::size_t start = 0;
  while (start < pooled.size()) {
    std::size_t end = start + 1;
    while (end < pooled.size() && pooled[end].value == pooled[start].value) ++end;
    const double group = static_cast<double>(end - start);
    // Positions start..end-1 hold ranks start+1..end; their average:
    const double average_rank = 0.5 * static_cast<double>(start + 1 + end);
    for (std::size_t i = start; i < end; ++i) {
      if (pooled[i].first) out.rank_sum_first += average_rank;
    }
    if (group > 1) {
      out.has_ties = true;
      out.tie_term += group * group * group - group;
    }
    start = end;
  }
  return out;
}

// P(U = k) for k in [0, m n] under the null hypothesis: the coefficients of
// [m + n choose m]_q = prod_{j=1..m} (1 - q^(n+j)) / (1 - q^j) divided by
// C(m + n, m). Each factor is applied as a multiplication, a division by
// (1 - q^j) (a running sum with stride j) and a rescaling by j / (n + j), so
// every intermediate polynomial is a probability distribution.
std::vector<double> u_distribution(std::size_t m, std::size_t n) {
  if (m > n) std::swap(m, n);
  std::vector<double> poly = {1.0};
  for (std::size_t j = 1; j <= m; ++j) {
    const std::size_t shift = n + j;
    std::vector<double> product(poly.size() + shift, 0.0);
    for (std::size_t k = 0; k < poly.size(); ++k) {
      product[k] += poly[k];
      product[k + shift] -= poly[k];
    }
    const std::size_t degree = j * n;
    std::vector<double> quotient(degree + 1, 0.0);
    const double scale = static_cast<double>(j) / static_cast<double>(shift);
    for (std::size_t k = 0; k <= degree; ++k) {
      quotient[k] = product[k] + (k >= j ? quotient[k - j] : 0.0);
    }
    for (double& q : quotient) q *= scale;
    poly = std::move(quotient);
  }
  return poly;
}

}  // namespace

std::string_view to_string(u_method method) {
  switch (method) {
    case u_method::exact: return "exact";
    case u_method::asymptotic: return "asymptotic";
    case u_method::none: return "none";
  }
  return "none";
}

std::optional<u_method> parse_u_method(std::string_view text) {
  for (const auto m : {u_method::exact, u_method::asymptotic, u_method::none}) {
    if (to_string(m) == text) return m;
  }
  return std::nullopt;
}

double mann_whitney_exact_p(std::size_t n1, std::size_t n2, double u) {
  assert(n1 > 0 && n2 > 0);
  const auto distribution = u_distribution(n1, n2);
  const auto max_u = static_cast<double>(distribution.size() - 1);
  const double threshold = std::clamp(std::ceil(u - k_whole_u_tolerance), 0.0, max_u + 1);
  // The upper tail from its small end, which keeps the sum accurate.
  double tail = 0;
  for (auto k = static_cast<std::ptrdiff_t>(distribution.size()) - 1;
       k >= 0 && static_cast<double>(k) >= threshold; --k) {
    tail += distribution[static_cast<std::size_t>(k)];
  }
  return std::clamp(2 * tail, 0.0, 1.0);
}

u_test_result mann_whitney_u(std::span<const double> first, std::span<const double> second) {
  u_test_result out;
  if (first.empty() || second.empty()) return out;
  const double n1 = static_cast<double>(first.size());
  const double n2 = static_cast<double>(second.size());
  const auto ranks = rank_pooled(first, second);
  out.u1 = ranks.rank_sum_first - n1 * (n1 + 1) / 2;
  const double u2 = n1 * n2 - out.u1;

  const bool large = first.size() > k_exact_max_samples && second.size() > k_exact_max_samples;
  if (!large && !ranks.has_ties) {
    out.method = u_method::exact;
    out.p = mann_whitney_exact_p(first.size(), second.size(), std::max(out.u1, u2));
    return out;
  }
  out.method = u_method::asymptotic;
  const auto p = mann_whitney_asymptotic_p(first.size(), second.size(), out.u1, ranks.tie_term);
  out.all_values_equal = !p.has_value();
  out.p = p.value_or(1);
  return out;
}

std::optional<double> mann_whitney_asymptotic_p(std::size_t n1, std::size_t n2, double u1,
                                                double tie_term) {
  assert(n1 > 0 && n2 > 0);
  const double m1 = static_cast<double>(n1);
  const double m2 = static_cast<double>(n2);
  const double mu = m1 * m2 / 2;
  const double n = m1 + m2;
  const double sigma_squared = m1 * m2 / 12 * ((n + 1) - tie_term / (n * (n - 1)));
  if (!(sigma_squared > 0)) return std::nullopt;
  const double difference = u1 - mu;
  const double continuity = difference > 0 ? 0.5 : difference < 0 ? -0.5 : 0.0;
  const double z = (difference - continuity) / std::sqrt(sigma_squared);
  return std::clamp(std::erfc(std::abs(z) / std::sqrt(2.0)), 0.0, 1.0);
}

}  // namespace benchgate::stats
