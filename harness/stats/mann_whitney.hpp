#pragma once
// The two-sided Mann-Whitney U test (H. B. Mann and D. R. Whitney, Ann.
// Math. Statist. 1947) as Google Benchmark's compare.py runs it:
// scipy.stats.mannwhitneyu with method "auto" and the continuity correction
// (docs/statistics.md, "Mann-Whitney U"). Pure functions.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace benchgate::stats {

enum class u_method {
  exact,       // the exact null distribution of U
  asymptotic,  // the normal approximation with tie and continuity correction
  none,        // a side is empty: no test, p = 1
};

// "exact", "asymptotic" or "none".
std::string_view to_string(u_method method);
// Parses the names to_string gives; nullopt for anything else.
std::optional<u_method> parse_u_method(std::string_view text);

// Fewer repetitions than this make compare.py call the U test unreliable
// (UTEST_OPTIMAL_REPETITIONS in compare.py's gbench/report.py).
inline constexpr std::size_t k_min_reliable_u_samples = 9;

struct u_test_result {
  double u1 = 0;  // U of the first sample: R1 - n1 (n1 + 1) / 2
  double p = 1;   // two-sided, in [0, 1]
  u_method method = u_method::none;
  // Asymptotic with every value equal: sigma = 0 and scipy gives NaN; here
  // p = 1 (no difference can be seen).
  bool all_values_equal = false;
};

// The test of `first` against `second`, pooled ranks averaged over ties.
// Method as scipy's "auto": asymptotic when both sides have more than 8
// values or any value ties, else exact. An empty side gives method none,
// p = 1.
u_test_result mann_whitney_u(std::span<const double> first, std::span<const double> second);

// The exact two-sided p-value min(1, 2 P(U' >= u)) for sizes n1, n2 >= 1
// and u = max(U1, U2), from the counts of orderings
// N(m, n, k) = N(m - 1, n, k - n) + N(m, n - 1, k), computed as the
// coefficients of the Gaussian binomial [n1 + n2 choose n1]_q scaled to
// probabilities.
double mann_whitney_exact_p(std::size_t n1, std::size_t n2, double u);

// The asymptotic two-sided p-value for U1 of the first of samples of sizes
// n1, n2 >= 1 whose pooled tie groups of t values give tie_term =
// sum(t^3 - t): mu = n1 n2 / 2, sigma^2 = n1 n2 / 12 ((n + 1) - tie_term /
// (n (n - 1))), z = (U1 - mu - 0.5 sign(U1 - mu)) / sigma, p = erfc(|z| /
// sqrt 2) clipped to [0, 1]. nullopt when sigma = 0 (every value equal).
std::optional<double> mann_whitney_asymptotic_p(std::size_t n1, std::size_t n2, double u1,
                                                double tie_term);

}  // namespace benchgate::stats
