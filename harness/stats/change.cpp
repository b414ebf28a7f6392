#include "harness/stats/change.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {

constexpr verdict k_verdicts[] = {verdict::no_change, verdict::improved, verdict::regressed,
                                  verdict::within_noise};

std::vector<double> change_distribution(std::span<const double> base, std::span<const double> next) {
  assert(base.size() == next.size());
  std::vector<double> out(std::min(base.size(), next.size()));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = relative_change(base[i], next[i]);
  return out;
}

}  // namespace

std::string_view to_string(verdict v) {
  switch (v) {
    case verdict::no_change: return "no_change";
    case verdict::improved: return "improved";
    case verdict::regressed: return "regressed";
    case verdict::within_noise: return "within_noise";
  }
  return "no_change";
}

std::optional<verdict> parse_verdict(std::string_view text) {
  for (const auto v : k_verdicts) {
    if (to_string(v) == text) return v;
  }
  return std::nullopt;
}

std::string_view verdict_sentence(verdict v) {
  switch (v) {
    case verdict::no_change: return "No change in performance detected.";
    case verdict::improved: return "Performance has improved.";
    case verdict::regressed: return "Performance has regressed.";
    case verdict::within_noise: return "Change within noise threshold.";
  }
  return "";
}

double relative_change(double base, double next) {
  if (base == 0) return next == 0 ? 0 : (next - base) / ((next + base) / 2);
  return (next - base) / std::abs(base);
}

std::optional<double> throughput_change(double time_change) {
  if (time_change <= -1) return std::nullopt;
  return 1 / (1 + time_change) - 1;
}

change_estimates estimate_change(std::span<const double> base, std::span<const double> next,
                                 const sample_distributions& base_distributions,
                                 const sample_distributions& next_distributions,
                                 double confidence, bool with_throughput) {
  change_estimates out;
  auto mean_changes = change_distribution(base_distributions.mean, next_distributions.mean);
  out.mean = summarize_distribution(relative_change(mean(base), mean(next)), mean_changes, confidence);
  out.median = summarize_distribution(relative_change(median(base), median(next)),
                                      change_distribution(base_distributions.median, next_distributions.median),
                                      confidence);
  if (!with_throughput) return out;
  const auto estimate = throughput_change(out.mean.estimate);
  if (!estimate) return out;
  for (double& r : mean_changes) {
    const auto t = throughput_change(r);
    if (!t) return out;
    r = *t;
  }
  out.throughput = summarize_distribution(*estimate, mean_changes, confidence);
  return out;
}

verdict judge(double p, double alpha, const interval_estimate& mean_change, double noise_threshold) {
  if (p >= alpha) return verdict::no_change;
  if (mean_change.lower < -noise_threshold && mean_change.upper < -noise_threshold) return verdict::improved;
  if (mean_change.lower > noise_threshold && mean_change.upper > noise_threshold) return verdict::regressed;
  return verdict::within_noise;
}

}  // namespace benchgate::stats
