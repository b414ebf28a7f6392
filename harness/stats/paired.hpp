#pragma once
// Statistics of paired samples: sample i of the base and sample i of the
// new side ran back to back (gate --confirm runs the two binaries in
// lockstep, one sample each in turn). Whatever slowed the machine during a
// pair slowed both of its samples, so resampling whole pairs, and testing
// the pairs' differences, leaves the machine's drift out of the interval.
// Pure functions; the seed makes every result reproducible.

#include <cstddef>
#include <cstdint>
#include <span>

#include "harness/stats/bootstrap.hpp"
#include "harness/stats/welch.hpp"

namespace benchgate::stats {

// Bootstrap distributions of the mean and the median of both sides, entry
// i of each from the same draw of pair indices (std_dev, mad and slope are
// left empty). Both spans have the same length n; n = 0 gives empty ones.
struct paired_distributions {
  sample_distributions base;
  sample_distributions next;
};
paired_distributions bootstrap_pairs(std::span<const double> base, std::span<const double> next,
                                     std::size_t resamples, std::uint64_t seed);

// The paired t test of `next` against `base` (same length): d_i = next_i -
// base_i, t = mean(d) / (sd(d) / sqrt(n)), and a two-sided sign-flip p
// (under no change the two samples of a pair are exchangeable, so each d_i
// is as likely negated): p = 2 min(#{t* <= t}, #{t* >= t}) / patterns,
// at most 1, over every sign pattern for up to 16 pairs (exact), else
// over the observed pattern and `resamples` random ones (seeded). The
// observed pattern is in both tails: n pairs cannot give p below
// smallest_sign_flip_p(n). Fewer than 2 pairs: too_few_samples, p = 1.
// Every d_i equal: no_variance, p = 1 when they are 0, else
// smallest_sign_flip_p(n).
// 2^(1 - n): the smallest two-sided sign-flip p of n pairs (0.25 for 3,
// 0.0625 for 5, 0.031 for 6); 1 below 2 pairs.
double smallest_sign_flip_p(std::size_t pairs);

welch_result paired_t_test(std::span<const double> next, std::span<const double> base, std::size_t resamples,
                           std::uint64_t seed);

}  // namespace benchgate::stats
