#include "harness/stats/paired.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <optional>
#include <vector>

#include "harness/stats/resampler.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::stats {

namespace {


// Sign bits used from each 64-bit draw.
constexpr std::size_t k_bits_per_draw = 64;

// Up to this many pairs every sign pattern is tried (2^16 = 65536 t
// values): the p-value is exact and needs no seed.
constexpr std::size_t k_max_exact_pairs = 16;

// 2^(1 - n) is below any alpha long before this many pairs.
constexpr std::size_t k_ldexp_cap = 1000;

// t of the differences; nullopt when their standard error is 0.
std::optional<double> t_of(std::span<const double> d) {
  const double se = std_dev(d) / std::sqrt(static_cast<double>(d.size()));
  if (se == 0) return std::nullopt;
  return mean(d) / se;
}

// The sign patterns whose t* is at or below the observed t, and at or
// above it: the observed pattern is in both tails, so a t no flip reaches
// still has p = 2 / patterns, the same for a drop as for a rise.
struct sign_flip_tails {
  double observed;
  std::size_t at_or_below = 0;
  std::size_t at_or_above = 0;
  std::size_t kept = 0;

  void add(std::optional<double> t) {
    if (!t) return;  // every flipped difference equal: no t
    ++kept;
    at_or_below += *t <= observed;
    at_or_above += *t >= observed;
  }
  double p() const {
    if (kept == 0) return 1;
    return std::min(1.0, 2.0 * static_cast<double>(std::min(at_or_below, at_or_above)) / static_cast<double>(kept));
  }
};

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

double smallest_sign_flip_p(std::size_t pairs) {
  if (pairs < 2) return 1;
  return std::min(1.0, std::ldexp(1.0, 1 - static_cast<int>(std::min<std::size_t>(pairs, k_ldexp_cap))));
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
    // Equal differences: only the patterns that flip none or all of them
    // are as far from 0.
    out.p = d.front() == 0 ? 1 : smallest_sign_flip_p(n);
    return out;
  }
  std::vector<double> flipped(n);
  sign_flip_tails tails{*out.t};
  if (n <= k_max_exact_pairs) {
    for (std::uint64_t pattern = 0; pattern < (std::uint64_t{1} << n); ++pattern) {
      for (std::size_t i = 0; i < n; ++i) flipped[i] = ((pattern >> i) & 1) != 0 ? -d[i] : d[i];
      tails.add(t_of(flipped));
    }
  } else {
    tails.add(out.t);  // the observed pattern counts among the draws
    benchgate::splitmix64 rng(seed);
    for (std::size_t r = 0; r < resamples; ++r) {
      std::uint64_t bits = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (i % k_bits_per_draw == 0) bits = rng.next();
        flipped[i] = (bits & 1) != 0 ? -d[i] : d[i];
        bits >>= 1;
      }
      tails.add(t_of(flipped));
    }
  }
  out.p = tails.p();
  return out;
}

}  // namespace benchgate::stats
