#pragma once
// Welch's t statistic (B. L. Welch, "The generalization of Student's
// problem when several different population variances are involved",
// Biometrika 1947) and criterion.rs's p-value for it: a bootstrap of t under
// the null hypothesis made by resampling the pooled samples (docs/statistics.md,
// "Welch's t and its bootstrap p-value"). Pure functions.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace benchgate::stats {

// t = (mean(a) - mean(b)) / sqrt(s_a^2 / n_a + s_b^2 / n_b), s with divisor
// n - 1. nullopt when either side has fewer than 2 values or the standard
// error is 0 (both sides constant): t is undefined or infinite there.
std::optional<double> welch_t(std::span<const double> a, std::span<const double> b);

enum class welch_status {
  ok,
  too_few_samples,  // a side has fewer than 2 values: p = 1 (no evidence)
  no_variance,      // both sides constant: p = 1 if the means are equal, else 0
};

// "ok", "too_few_samples" or "no_variance".
std::string_view to_string(welch_status status);
// Parses the names to_string gives; nullopt for anything else.
std::optional<welch_status> parse_welch_status(std::string_view text);

struct welch_result {
  std::optional<double> t;  // as welch_t
  double p = 1;             // two-sided, in [0, 1]
  welch_status status = welch_status::ok;
  std::size_t resamples = 0;  // drawn for p (fewer than asked when it stopped early)
};

// Resamples between two checks of welch_test's stopping rule.
inline constexpr std::size_t k_welch_batch = 2'000;
// The rule stops once p is this many Monte Carlo standard errors above
// `stop_above`: it is then above it with probability 1 - 3e-5.
inline constexpr double k_welch_stop_deviations = 4;

// Welch's t of new `a` against base `b` with criterion's mixed-bootstrap
// p-value: `resamples` times draw n_a + n_b values with replacement from
// a ++ b, the first n_a as a*, the rest as b*; drop non-finite t*; with
// hits = #{t* < t} over the B' kept, p = 2 min(hits, B' - hits) / B'. When no
// t* is finite (the pooled values are all equal) p = 1.
//
// Sequential stopping (after Besag and Clifford, Biometrika 1991): after
// every k_welch_batch resamples, when p - k_welch_stop_deviations SE(p) >
// `stop_above` (SE(p) = 2 sqrt(q (1 - q) / B'), q = p / 2), the loop stops
// and p is that of the B' resamples so far. A p-value below `stop_above`
// (the significance level: an adjusted p is never below the raw one) thus
// always gets all `resamples`, and its resolution 2 / resamples; a clearly
// larger one gets its Monte Carlo error instead. The resamples drawn are a
// prefix of the full run's, so with resamples <= k_welch_batch, or p below
// the threshold, p is exactly the full run's. The default never stops.
welch_result welch_test(std::span<const double> a, std::span<const double> b,
                        std::size_t resamples, std::uint64_t seed, double stop_above = 1);

}  // namespace benchgate::stats
