#include "harness/stats/paired.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

#include "harness/stats/resampler.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {


// Sign bits used from each 64-bit draw.
constexpr std::size_t k_bits_per_draw = 64;

// t of the differences; nullopt when their standard error is 0.
std::optional<double> t_of(std::span<const double> d) {
  const double se = std_dev(d) / std::sqrt(static_cast<double>(d.size()));
  if (se == 0) return std::nullopt;
  return mean(d) / se;
}

}  // namespace

paired_distributions bootstrap_pairs(std::span<const double> base, std::span<const double> next,
                                     std::size_t resamples, std::uint64_t seed) {
  assert(base.size() == next.size());
  paired_distributions out;
  const auto n = base.size();
  if (n == 0) return out;
  for (auto* d : {&out.base, &out.next}) {
    d->mean.reserve(resamples);
    d->median.reserve(resamples);
  }
  index_sampler sampler(seed, static_cast<std::uint32_t>(n));
  std::vector<double> drawn_base(n);
  std::vector<double> drawn_next(n);
  for (std::size_t r = 0; r < resamples; ++r) {
    for (std::size_t i = 0; i < n; ++i) {
      const auto k = sampler.next();
      drawn_base[i] = base[k];
      drawn_next[i] = next[k];
    }
    out.base.mean.push_back(mean(drawn_base));
    out.next.mean.push_back(mean(drawn_next));
    // The draws are scratch: select the median in place, without a copy.
    out.base.median.push_back(percentile_in_place(drawn_base, k_median_pct));
    out.next.median.push_back(percentile_in_place(drawn_next, k_median_pct));
  }
  return out;
}

welch_result paired_t_test(std::span<const double> next, std::span<const double> base, std::size_t resamples,
                           std::uint64_t seed) {
  assert(base.size() == next.size());
  const auto n = base.size();
  welch_result out;
  if (n < 2) {
    out.status = welch_status::too_few_samples;
    return out;
  }
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = next[i] - base[i];
  out.t = t_of(d);
  if (!out.t) {
    out.status = welch_status::no_variance;
    out.p = d.front() == 0 ? 1 : 0;
    return out;
  }
  benchgate::splitmix64 rng(seed);
  std::vector<double> flipped(n);
  std::size_t hits = 0;
  std::size_t kept = 0;
  for (std::size_t r = 0; r < resamples; ++r) {
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (i % k_bits_per_draw == 0) bits = rng.next();
      flipped[i] = (bits & 1) != 0 ? -d[i] : d[i];
      bits >>= 1;
    }
    const auto t = t_of(flipped);
    if (!t) continue;
    ++kept;
    if (*t < *out.t) ++hits;
  }
  if (kept == 0) return out;
  out.p = 2.0 * static_cast<double>(std::min(hits, kept - hits)) / static_cast<double>(kept);
  return out;
}

}  // namespace benchgate::stats
