#include "harness/stats/clustered.hpp"

#include <cassert>
#include <cmath>
#include <map>
#include <vector>

#include "harness/stats/student_t.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {


// log(next / base), or 0 when either is not positive.
double log_ratio(double base, double next) { return base > 0 && next > 0 ? std::log(next / base) : 0; }

// The t interval of the mean of `r` (on the log scale), mapped back to a
// relative change.
interval_estimate t_interval(const std::vector<double>& r, double confidence) {
  const double k = static_cast<double>(r.size());
  const double m = mean(r);
  const double se = std_dev(r) / std::sqrt(k);
  const double q = se > 0 ? student_t_quantile((1 + confidence) / 2, k - 1) : 0;
  return {std::expm1(m), std::expm1(m - q * se), std::expm1(m + q * se), se};
}

}  // namespace

clustered_change cluster_change(std::span<const double> base, std::span<const double> next,
                                std::span<const std::size_t> cluster, double confidence) {
  assert(base.size() == next.size() && base.size() == cluster.size());
  // Each cluster's samples, in the order of its labels.
  std::map<std::size_t, std::pair<std::vector<double>, std::vector<double>>> by_cluster;
  for (std::size_t i = 0; i < base.size(); ++i) {
    by_cluster[cluster[i]].first.push_back(base[i]);
    by_cluster[cluster[i]].second.push_back(next[i]);
  }
  clustered_change out;
  out.clusters = by_cluster.size();
  if (out.clusters < 2) {
    out.test.status = welch_status::too_few_samples;
    return out;
  }
  std::vector<double> mean_r;
  std::vector<double> median_r;
  for (auto& [label, sides] : by_cluster) {
    auto& [b, n] = sides;
    mean_r.push_back(log_ratio(mean(b), mean(n)));
    median_r.push_back(log_ratio(percentile_in_place(b, k_median_pct), percentile_in_place(n, k_median_pct)));
  }
  out.mean = t_interval(mean_r, confidence);
  out.median = t_interval(median_r, confidence);
  const double m = mean(mean_r);
  if (out.mean.std_error == 0) {
    out.test.status = welch_status::no_variance;
    out.test.p = m == 0 ? 1 : 0;
    return out;
  }
  const double t = m / out.mean.std_error;
  out.test.t = t;
  out.test.p = 2 * (1 - student_t_cdf(std::abs(t), static_cast<double>(out.clusters) - 1));
  return out;
}

}  // namespace benchgate::stats
