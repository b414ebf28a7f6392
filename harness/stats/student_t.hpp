#pragma once
// Student's t distribution and Student's two-sample t test (pooled
// variance) with its analytic p-value: the test Apache Otava/Hunter uses to
// judge a candidate change point (Fleming et al. 2023, arXiv 2301.03034).
// The pooled variance matters there: a segment of 3 values can have a very
// small variance by chance, and Welch's test would then trust it. welch.hpp
// has the bootstrap test compare uses; this one is analytic, cheap enough to
// evaluate thousands of times per series. Pure functions.

#include <span>

namespace benchgate::stats {

// P(T <= t) for Student's t with `df` > 0 degrees of freedom (df need not be
// an integer), from the regularized incomplete beta function.
double student_t_cdf(double t, double df);

// The t with P(T <= t) = `probability` (in (0, 1)), found by bisection.
double student_t_quantile(double probability, double df);

// Student's t test of two independent samples with a common variance.
struct t_test_result {
  double mean_a = 0;
  double mean_b = 0;
  double difference = 0;      // mean_b - mean_a
  double standard_error = 0;  // s_pooled * sqrt(1 / n_a + 1 / n_b)
  double df = 0;              // n_a + n_b - 2
  double p = 1;               // two-sided; 1 when either side has < 2 values
};

// Both sides constant (standard error 0): p = 0 when the means differ, else 1.
t_test_result student_t_test(std::span<const double> a, std::span<const double> b);

// Welch's unequal-variance form of the same test: standard error
// sqrt(s_a^2 / n_a + s_b^2 / n_b), Welch-Satterthwaite degrees of freedom.
t_test_result welch_t_test(std::span<const double> a, std::span<const double> b);

// Whether `after` (1 value or more: too few, possibly, for a variance of
// their own) comes from the normal distribution `before` was drawn from:
// the test of their means with the variance estimated from `before` alone,
// standard error s_before * sqrt(1 / n_before + 1 / n_after), df n_before - 1.
// Its interval is the prediction interval of the mean of n_after future
// values (G. J. Hahn and W. Q. Meeker, "Statistical Intervals", Wiley 1991,
// sec. 4.7). p = 1 when `before` has < 2 values or `after` none.
t_test_result prediction_t_test(std::span<const double> before, std::span<const double> after);

// Half the width of the two-sided `confidence` interval of the difference.
double difference_half_width(const t_test_result& test, double confidence);

}  // namespace benchgate::stats
