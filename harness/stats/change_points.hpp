#pragma once
// Change points of a series (one value per commit): E-divisive means
// (D. S. Matteson and N. A. James, "A Nonparametric Approach for Multiple
// Change Point Analysis of Multivariate Data", JASA 2014) with the candidate
// splits judged by Student's t test instead of a permutation test, as Apache
// Otava/Hunter does (D. Fleming et al., "Hunter: Using Change Point
// Detection to Hunt for Performance Regressions", ICPE 2023,
// arXiv 2301.03034). docs/history.md describes the procedure and its cost.
// Pure functions: the same series always gives the same change points.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "harness/stats/student_t.hpp"

namespace benchgate::stats {

struct change_point_settings {
  std::size_t min_segment = 3;  // values on each side of a change point, at least
  std::size_t window = 50;      // values per E-divisive window (0: the whole series in one)
  double alpha = 0.001;         // a change point's p must be <= alpha
  double min_change = 0;        // |mean after / mean before - 1| must be >= this fraction
  // An early change point has fewer than min_segment values after it (the
  // last of the series), at least this many; min_tail >= min_segment: none.
  std::size_t min_tail = 1;
};

struct change_point {
  std::size_t index = 0;  // the first value after the change
  // The segments the test judged: [begin, index) before, [index, end) after
  // (since the previous change point, or the start, up to the next one, or
  // the end; an early change point's begin is its reference's first value).
  std::size_t begin = 0;
  std::size_t end = 0;
  // The test that decided, on the values it used: the segments without the
  // values in `left_out`. Its means, difference and interval are the ones to
  // report, so that the change, its interval, its direction and p tell one
  // story. For a split: Student's pooled test or Welch's, whichever has the
  // larger p (a short segment whose variance is small, or large, by chance
  // fools one of them, not both). For an early change point: the prediction
  // test of the tail's mean against the values before (prediction_t_test),
  // whose interval is wide with so few values.
  t_test_result test;
  // Indexes into the series of the values the test left out: on each side
  // of a split of 4 or more values, the one farthest from its side's median
  // (one outlier neither makes nor hides a change point); before an early
  // change point, Tukey's severe outliers. docs/history.md explains each.
  std::vector<std::size_t> left_out;
  // The p that decides: test.p times the number of positions the split was
  // chosen from (Bonferroni: the best of many splits has a small p by
  // chance); for an early change point, the largest of its tail values' p
  // times the tail lengths tried.
  double p = 1;
  // Found in the last values of the series, fewer than min_segment after it
  // (docs/history.md, "Changes near the end"). Later commits confirm or drop it.
  bool early = false;
};

// The change points of `series`, in increasing index. Each side of each
// change point has at least settings.min_segment values, so none is found
// in the first or last min_segment values, except one early change point
// with min_tail to min_segment - 1 values after it at the end. Non-finite
// values are the caller's to remove.
std::vector<change_point> find_change_points(std::span<const double> series, const change_point_settings& settings);

// How far the next values of a series must move to be reported at once:
// when the next `values` commits each lie beyond mean ± half_width (on one
// side), find_change_points reports an early change point at the first of
// them. The bound is the tail test's (docs/history.md, "Changes near the
// end"): the prediction bound at alpha, corrected for the tail lengths
// tried, of the values since the last change point (at most a window, severe
// outliers left out), or min_change * |mean| when that is larger. It holds
// while the values before the step stay as they are (the change points
// found, the last values not beyond the bound themselves).
struct next_step_bound {
  double mean = 0;                   // of the values the next ones are tested against
  double standard_deviation = 0;     // of those values
  std::size_t reference_values = 0;  // how many: the mean and the bound come from them
  double half_width = 0;             // in the series' unit
  std::size_t values = 1;            // next commits the step must last: min_tail, at least 1
};

// Whether `settings` turn early change points off (min_tail >= min_segment,
// each taken at its least meaningful value: 1 and 2).
bool early_change_points_off(const change_point_settings& settings);

// The bound of `series`, whose change points `points` are
// (find_change_points with `settings`). None while early change points are
// off (min_tail >= min_segment), while the last change point has fewer than
// min_segment values after it (it is early itself), or with fewer than 2
// values to test against.
std::optional<next_step_bound> next_step_bound_of(std::span<const double> series, std::span<const change_point> points,
                                                  const change_point_settings& settings);

// E-divisive's divergence of series[0, tau) and series[tau, n) (alpha = 1):
// Q(tau) = m k / (m + k) * (2 mean|x - y| - mean|x - x'| - mean|y - y'|),
// m = tau, k = n - tau; for every tau in [min_segment, n - min_segment]
// (entry tau - min_segment). Cost O(n^2). Exposed for tests.
std::vector<double> e_divisive_divergence(std::span<const double> series, std::size_t min_segment);

}  // namespace benchgate::stats
