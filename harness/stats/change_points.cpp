#include "harness/stats/change_points.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "harness/stats/outliers.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {

// Otava's split pass keeps candidates up to 10 alpha; the merge pass then
// removes those above alpha, weakest first.
constexpr double k_split_alpha_factor = 10;
// The outlier guard leaves one value out of sides of at least this many, so
// that 3 stay; shorter sides are guarded by Welch's test alone.
constexpr std::size_t k_min_values_to_trim = 4;
// Where an early change begins: the tail test decides that the last values
// stepped; the step's first value is then the earliest of the consecutive
// values before them each outside the 99 % prediction interval of the values
// before it, on the same side. A location, not a decision: a looser level
// than alpha, so that a step whose first value came out less extreme is not
// reported a commit late (3 sd at CV 2 % is a 6 % step).
constexpr double k_locate_alpha = 0.01;

// The settings as used: segments of at least 2 values, tails of at least 1.
std::size_t min_segment_of(const change_point_settings& settings) {
  return std::max<std::size_t>(settings.min_segment, 2);
}
std::size_t min_tail_of(const change_point_settings& settings) { return std::max<std::size_t>(settings.min_tail, 1); }

// One side of a test: the values it keeps, and the indexes (into the
// series) of those it leaves out.
struct side_values {
  std::vector<double> kept;
  std::vector<std::size_t> left_out;
};

// series[from, to) without its value farthest from its median, on sides of
// k_min_values_to_trim or more (the first of equally far ones).
side_values without_farthest(std::span<const double> series, std::size_t from, std::size_t to) {
  side_values side;
  const auto part = series.subspan(from, to - from);
  side.kept.assign(part.begin(), part.end());
  if (side.kept.size() < k_min_values_to_trim) return side;
  const double m = median(side.kept);
  const auto farthest = std::max_element(side.kept.begin(), side.kept.end(), [m](double a, double b) {
    return std::fabs(a - m) < std::fabs(b - m);
  });
  side.left_out.push_back(from + static_cast<std::size_t>(farthest - side.kept.begin()));
  side.kept.erase(farthest);
  return side;
}

// The test of [left, index) against [index, right), with the outlier guard
// and the scan correction.
change_point judge(std::span<const double> series, std::size_t left, std::size_t index, std::size_t right,
                   std::size_t min_segment) {
  change_point cp;
  cp.index = index;
  cp.begin = left;
  cp.end = right;
  // Judged without each side's farthest value, so that one outlier neither
  // makes a change point nor hides one; by Student's pooled test as Otava,
  // and by Welch's: a short segment whose variance is small, or large, by
  // chance fools one of them, not both. The test with the larger p decides,
  // and its figures (means, difference, interval) are the change point's:
  // a spike a side left out moves none of them.
  const auto before = without_farthest(series, left, index);
  const auto after = without_farthest(series, index, right);
  const auto student = student_t_test(before.kept, after.kept);
  const auto welch = welch_t_test(before.kept, after.kept);
  cp.test = welch.p > student.p ? welch : student;
  cp.left_out = before.left_out;
  cp.left_out.insert(cp.left_out.end(), after.left_out.begin(), after.left_out.end());
  // The split was chosen as the best of every position in the segment, so
  // its p is the smallest of many: Bonferroni over those positions.
  const double positions = right - left >= 2 * min_segment ? static_cast<double>(right - left - 2 * min_segment + 1) : 1;
  cp.p = std::min(1.0, cp.test.p * positions);
  return cp;
}

// The values before an early change point: the last segment up to it, at
// most a window of them, without Tukey's severe outliers (beyond 3 IQR from
// the quartiles; J. W. Tukey, "Exploratory Data Analysis", 1977), so that a
// spike before neither inflates the variance nor shifts the mean. Not the
// farthest value as in judge: leaving out the most extreme of many normal
// values shrinks their variance, and the prediction test would then see
// steps in noise. `first`, when given, is set to the segment's first index.
side_values reference_side(std::span<const double> series, std::size_t left, std::size_t index, std::size_t window,
                           std::size_t* first = nullptr) {
  const std::size_t from = window == 0 || index - left <= window ? left : index - window;
  if (first != nullptr) *first = from;
  const auto segment = series.subspan(from, index - from);
  const auto fences = fences_of(segment);
  side_values side;
  side.kept.reserve(segment.size());
  for (std::size_t i = 0; i < segment.size(); ++i) {
    if (segment[i] >= fences.low_severe && segment[i] <= fences.high_severe) {
      side.kept.push_back(segment[i]);
    } else {
      side.left_out.push_back(from + i);
    }
  }
  return side;
}

std::vector<double> reference_values(std::span<const double> series, std::size_t left, std::size_t index,
                                     std::size_t window) {
  return reference_side(series, left, index, window).kept;
}

// The early change point at `index`, its p the caller's. Its test is the
// prediction test, against the reference values before it, of the value
// after it that lies least far out (the largest p): the change every value
// from `index` on shows, which is what the intersection-union test decides
// (judge_tail), so one spike among them neither makes the step nor sizes it.
change_point early_point(std::span<const double> series, std::size_t left, std::size_t index, std::size_t window) {
  change_point cp;
  cp.index = index;
  cp.end = series.size();
  const auto before = reference_side(series, left, index, window, &cp.begin);
  for (std::size_t i = index; i < series.size(); ++i) {
    const auto one = prediction_t_test(before.kept, series.subspan(i, 1));
    if (i == index || one.p > cp.test.p) cp.test = one;
  }
  cp.left_out = before.left_out;
  cp.early = true;
  return cp;
}

// A change in the last `tail` values, tested against the values before
// them, each tail value on its own: every one must lie beyond the
// prediction bound, on the same side, so the largest of their p decides
// (an intersection-union test, R. L. Berger, "Multiparameter hypothesis
// testing and acceptance sampling", Technometrics 24, 1982: level alpha
// without correction). One outlier among two tail values makes no change.
std::optional<change_point> judge_tail(std::span<const double> series, std::size_t left, std::size_t tail,
                                       std::size_t window, std::size_t min_segment) {
  if (series.size() < left + min_segment + tail) return std::nullopt;
  const std::size_t index = series.size() - tail;
  const auto before = reference_values(series, left, index, window);
  const auto after = series.subspan(index);
  double p = 0;
  for (std::size_t i = 0; i < after.size(); ++i) {
    const auto one = prediction_t_test(before, after.subspan(i, 1));
    if (i > 0 && (one.difference > 0) != (after[0] > one.mean_a)) return std::nullopt;
    p = std::max(p, one.p);
  }
  auto cp = early_point(series, left, index, window);
  cp.p = p;
  return cp;
}

double magnitude(const change_point& cp) {
  if (cp.test.mean_a == 0) return cp.test.mean_b == 0 ? 0 : INFINITY;
  return std::fabs(cp.test.difference / cp.test.mean_a);
}

struct candidate {
  std::size_t index = 0;
  double divergence = 0;
};

// The best split of series[left, right), if the segment is long enough.
std::optional<candidate> best_split(std::span<const double> series, std::size_t left, std::size_t right,
                                    std::size_t min_segment) {
  if (right - left < 2 * min_segment) return std::nullopt;
  const auto q = e_divisive_divergence(series.subspan(left, right - left), min_segment);
  const auto best = std::max_element(q.begin(), q.end());
  return candidate{left + min_segment + static_cast<std::size_t>(best - q.begin()), *best};
}

// E-divisive on series[begin, end): split the segment whose best split
// diverges most, while that split is significant.
std::vector<std::size_t> e_divisive(std::span<const double> series, std::size_t begin, std::size_t end,
                                    std::size_t min_segment, double alpha) {
  std::vector<std::size_t> cuts;
  for (;;) {
    std::optional<candidate> best;
    std::size_t best_left = begin;
    std::size_t best_right = end;
    std::size_t left = begin;
    for (std::size_t i = 0; i <= cuts.size(); ++i) {
      const std::size_t right = i < cuts.size() ? cuts[i] : end;
      const auto c = best_split(series, left, right, min_segment);
      if (c && (!best || c->divergence > best->divergence)) {
        best = c;
        best_left = left;
        best_right = right;
      }
      left = right;
    }
    if (!best || best->divergence <= 0) break;
    if (judge(series, best_left, best->index, best_right, min_segment).p > alpha) break;
    cuts.insert(std::upper_bound(cuts.begin(), cuts.end(), best->index), best->index);
  }
  return cuts;
}

// Each change point judged between its neighbours.
std::vector<change_point> judge_all(std::span<const double> series, const std::vector<std::size_t>& cuts,
                                    std::size_t min_segment) {
  std::vector<change_point> out;
  for (std::size_t i = 0; i < cuts.size(); ++i) {
    const std::size_t left = i == 0 ? 0 : cuts[i - 1];
    const std::size_t right = i + 1 < cuts.size() ? cuts[i + 1] : series.size();
    out.push_back(judge(series, left, cuts[i], right, min_segment));
  }
  return out;
}

// Otava's merge: drop the weakest change point (the largest p above alpha,
// else the smallest change below min_change) and judge its neighbours again
// over their widened segments, until every one passes.
void merge(std::span<const double> series, std::vector<change_point>& points, double alpha, double min_change,
           std::size_t min_segment) {
  while (!points.empty()) {
    auto weakest = std::max_element(points.begin(), points.end(),
                                    [](const change_point& a, const change_point& b) { return a.p < b.p; });
    if (weakest->p <= alpha) {
      weakest = std::min_element(points.begin(), points.end(), [](const change_point& a, const change_point& b) {
        return magnitude(a) < magnitude(b);
      });
      if (magnitude(*weakest) >= min_change) return;
    }
    const auto at = static_cast<std::size_t>(weakest - points.begin());
    points.erase(weakest);
    auto rejudge = [&](std::size_t i) {
      const std::size_t left = i == 0 ? 0 : points[i - 1].index;
      const std::size_t right = i + 1 < points.size() ? points[i + 1].index : series.size();
      points[i] = judge(series, left, points[i].index, right, min_segment);
    };
    if (at < points.size()) rejudge(at);
    if (at > 0) rejudge(at - 1);
  }
}

// The early change point, if any: the longest tail (of min_tail to
// min_segment - 1 values) that passes, its p corrected for the tail lengths
// tried (Bonferroni, as the scan correction); the change point before it is
// judged again up to it, and the weaker (larger p) of its two tests stands.
void add_early(std::span<const double> series, std::vector<change_point>& points,
               const change_point_settings& settings, std::size_t min_segment) {
  if (early_change_points_off(settings)) return;
  const std::size_t first = min_tail_of(settings);
  const std::size_t left = points.empty() ? 0 : points.back().index;
  const auto lengths = static_cast<double>(min_segment - first);
  for (std::size_t tail = min_segment - 1; tail >= first; --tail) {
    auto cp = judge_tail(series, left, tail, settings.window, min_segment);
    if (!cp) continue;
    cp->p = std::min(1.0, cp->p * lengths);
    if (cp->p > settings.alpha || magnitude(*cp) < settings.min_change) continue;
    const bool up = cp->test.difference > 0;
    std::size_t first_after = cp->index;
    while (first_after > left + min_segment) {
      const auto before = reference_values(series, left, first_after - 1, settings.window);
      const auto one = prediction_t_test(before, series.subspan(first_after - 1, 1));
      if (one.p > k_locate_alpha || (one.difference > 0) != up) break;
      --first_after;
    }
    if (first_after != cp->index) {
      // Located earlier: the figures are those of the located step's values
      // (early_point), each beyond the 99 % bound on the step's side, so
      // its interval keeps that side; the p stays the deciding test's.
      const double p = cp->p;
      *cp = early_point(series, left, first_after, settings.window);
      cp->p = p;
      cp->early = series.size() - first_after < min_segment;
    }
    if (!points.empty()) {
      // The change point before it, judged again up to it; of the two tests
      // the one with the larger p stands, whole (its segments, figures and p).
      const std::size_t before = points.size() > 1 ? points[points.size() - 2].index : 0;
      auto narrowed = judge(series, before, points.back().index, cp->index, min_segment);
      if (narrowed.p >= points.back().p) points.back() = std::move(narrowed);
    }
    points.push_back(*cp);
    return;
  }
}

}  // namespace

std::vector<double> e_divisive_divergence(std::span<const double> series, std::size_t min_segment) {
  const std::size_t n = series.size();
  const std::size_t first = std::max<std::size_t>(min_segment, 1);
  if (n < 2 * first) return {};
  auto d = [&](std::size_t i, std::size_t j) { return std::fabs(series[i] - series[j]); };
  // Sums of distances within the left part, within the right part, and across.
  double within_left = 0;
  double within_right = 0;
  double across = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (j < first) within_left += d(i, j);
      else if (i >= first) within_right += d(i, j);
      else across += d(i, j);
    }
  }
  std::vector<double> q;
  q.reserve(n - 2 * first + 1);
  for (std::size_t tau = first;; ++tau) {
    const double m = static_cast<double>(tau);
    const double k = static_cast<double>(n - tau);
    const double e = 2 * across / (m * k) - (m > 1 ? 2 * within_left / (m * (m - 1)) : 0) -
                     (k > 1 ? 2 * within_right / (k * (k - 1)) : 0);
    q.push_back(m * k / (m + k) * e);
    if (tau == n - first) break;
    // Move series[tau] from the right part to the left one.
    double to_left = 0;
    double to_right = 0;
    for (std::size_t j = 0; j < tau; ++j) to_left += d(tau, j);
    for (std::size_t j = tau + 1; j < n; ++j) to_right += d(tau, j);
    within_left += to_left;
    within_right -= to_right;
    across += to_right - to_left;
  }
  return q;
}

bool early_change_points_off(const change_point_settings& settings) {
  return min_tail_of(settings) >= min_segment_of(settings);
}

std::optional<next_step_bound> next_step_bound_of(std::span<const double> series, std::span<const change_point> points,
                                                  const change_point_settings& settings) {
  if (early_change_points_off(settings)) return std::nullopt;
  const std::size_t min_segment = min_segment_of(settings);
  const std::size_t first = min_tail_of(settings);
  const std::size_t left = points.empty() ? 0 : points.back().index;
  // The next values are a tail of `first` values starting at series.size(),
  // tested as add_early tests it (judge_tail's condition on its start).
  if (series.size() < left + min_segment) return std::nullopt;
  const auto before = reference_values(series, left, series.size(), settings.window);
  if (before.size() < 2) return std::nullopt;
  next_step_bound bound;
  bound.values = first;
  bound.reference_values = before.size();
  bound.mean = mean(before);
  bound.standard_deviation = std_dev(before);
  // A value reported when its p times the tail lengths tried is <= alpha:
  // beyond the two-sided 1 - alpha / lengths interval of prediction_t_test.
  const double at_mean[] = {bound.mean};
  const auto test = prediction_t_test(before, at_mean);
  const auto lengths = static_cast<double>(min_segment - first);
  bound.half_width = std::max(difference_half_width(test, 1 - settings.alpha / lengths),
                              settings.min_change * std::fabs(bound.mean));
  return bound;
}

std::vector<change_point> find_change_points(std::span<const double> series, const change_point_settings& settings) {
  const std::size_t n = series.size();
  const std::size_t min_segment = min_segment_of(settings);
  if (n < 2 * min_segment) {
    // Too short to split, but not to see its last values step away.
    std::vector<change_point> points;
    add_early(series, points, settings, min_segment);
    return points;
  }
  const double split_alpha = std::min(1.0, settings.alpha * k_split_alpha_factor);
  std::vector<std::size_t> cuts;
  if (settings.window == 0 || settings.window >= n) {
    cuts = e_divisive(series, 0, n, min_segment, split_alpha);
  } else {
    // Overlapping windows, as Otava: each starts half a window on, or at the
    // last change point found, whichever is later.
    const std::size_t window = std::max(settings.window, 2 * min_segment);
    const std::size_t step = window / 2;
    for (std::size_t start = 0; start < n;) {
      const std::size_t end = std::min(start + window, n);
      const auto found = e_divisive(series, start, end, min_segment, split_alpha);
      cuts.insert(cuts.end(), found.begin(), found.end());
      if (end == n) break;
      start = std::max(found.empty() ? start : found.back(), start + step);
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  }
  auto points = judge_all(series, cuts, min_segment);
  merge(series, points, settings.alpha, settings.min_change, min_segment);
  add_early(series, points, settings, min_segment);
  return points;
}

}  // namespace benchgate::stats
