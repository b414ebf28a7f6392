#pragma once
// Statistics of paired samples grouped in clusters: the pairs of one
// cluster ran in one pair of processes (benchgate ab --pairs P runs P of
// them, each with a share of the samples). On a shared host a whole
// process can run a cell at a steady offset for its life, so the pairs of
// one process pair are not independent: the process pair is the unit of
// replication (Kalibera & Jones, "Rigorous benchmarking in reasonable
// time", ISMM 2013: variance at several levels). Each cluster gives one
// log ratio of the new side's mean (and median) to the old side's, and
// the change, its interval and its test come from those K values alone:
// a Student t interval and a two-sided t test with K - 1 degrees of
// freedom. Pure functions.

#include <cstddef>
#include <span>

#include "harness/stats/bootstrap.hpp"
#include "harness/stats/welch.hpp"

namespace benchgate::stats {

struct clustered_change {
  std::size_t clusters = 0;     // K: distinct cluster labels
  interval_estimate mean;       // exp(mean of the clusters' log mean ratios) - 1, t interval
  interval_estimate median;     // the same of the clusters' median ratios
  welch_result test;            // t of the mean log ratios against 0, p from Student's t, df K - 1
};

// `base`, `next` and `cluster` have the same length: pair i is (base[i],
// next[i]) and ran in cluster `cluster[i]` (any labels). The estimate is
// exp(m) - 1 and the interval exp(m -+ q s / sqrt(K)) - 1, where m and s
// are the mean and standard deviation of the K clusters' log ratios
// log(mean(next_k) / mean(base_k)) and q Student's t quantile at
// (1 + confidence) / 2 with K - 1 degrees of freedom; std_error is s /
// sqrt(K), on the log scale. The test: t = m / (s / sqrt(K)), p = 2 P(T >
// |t|). Fewer than 2 clusters: too_few_samples, p = 1, zero changes. The
// clusters' log ratios all equal: no_variance, p = 1 when they are 0,
// else 0, a zero-width interval. A cluster whose mean or median is not
// positive on a side counts as a log ratio of 0 (times are positive).
clustered_change cluster_change(std::span<const double> base, std::span<const double> next,
                                std::span<const std::size_t> cluster, double confidence);

}  // namespace benchgate::stats
