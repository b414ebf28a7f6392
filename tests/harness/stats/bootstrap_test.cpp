#include "harness/stats/bootstrap.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <cmath>
#include <vector>

#include "harness/stats/resampler.hpp"
#include "harness/stats/summary.hpp"

namespace benchgate::stats {
namespace {

constexpr std::uint64_t k_bootstrap_seed = 7;

TEST(Bootstrap, EachResampleMatchesTheStatisticsOfItsDrawnValues) {
  // bootstrap_sample counts draws over the sorted values instead of sorting
  // each resample; rebuild the same resamples here and compare.
  benchgate::splitmix64 data_rng(3);
  for (std::size_t n = 1; n <= 13; ++n) {
    std::vector<double> values(n);
    for (auto& v : values) v = 100 + static_cast<double>(data_rng.below(6));  // ties
    constexpr std::size_t k_resamples = 200;
    const auto d = bootstrap_sample(values, {}, k_resamples, k_bootstrap_seed);
    ASSERT_EQ(d.mean.size(), k_resamples);
    EXPECT_TRUE(d.slope.empty());
    auto sorted = values;
    std::sort(sorted.begin(), sorted.end());
    index_sampler sampler(k_bootstrap_seed, static_cast<std::uint32_t>(n));
    std::vector<double> resample(n);
    for (std::size_t b = 0; b < k_resamples; ++b) {
      for (auto& x : resample) x = sorted[sampler.next()];
      ASSERT_NEAR(d.mean[b], mean(resample), 1e-9) << "n " << n << " b " << b;
      ASSERT_NEAR(d.std_dev[b], std_dev(resample), 1e-9) << "n " << n << " b " << b;
      ASSERT_DOUBLE_EQ(d.median[b], median(resample)) << "n " << n << " b " << b;
      ASSERT_NEAR(d.mad[b], mad(resample), 1e-12) << "n " << n << " b " << b;
    }
  }
}

TEST(Bootstrap, SameSeedSameDistributions) {
  const std::vector<double> values = {3, 1, 4, 1, 5, 9, 2, 6};
  const auto a = bootstrap_sample(values, {}, 1000, k_bootstrap_seed);
  const auto b = bootstrap_sample(values, {}, 1000, k_bootstrap_seed);
  const auto c = bootstrap_sample(values, {}, 1000, k_bootstrap_seed + 1);
  EXPECT_EQ(a.mean, b.mean);
  EXPECT_EQ(a.mad, b.mad);
  EXPECT_NE(a.mean, c.mean);
}

TEST(Bootstrap, ConfidenceIntervalIsThePercentilePairOfTheDistribution) {
  std::vector<double> distribution(101);
  std::iota(distribution.begin(), distribution.end(), 1.0);  // 1..101
  std::reverse(distribution.begin(), distribution.end());
  const auto e = summarize_distribution(50, distribution, 0.90);
  EXPECT_EQ(e.estimate, 50);
  EXPECT_DOUBLE_EQ(e.lower, 6);   // P5: r = 5 -> the 6th value
  EXPECT_DOUBLE_EQ(e.upper, 96);  // P95: r = 95
  // Sample std dev of 1..N is sqrt(N (N + 1) / 12).
  EXPECT_NEAR(e.std_error, std::sqrt(101.0 * 102.0 / 12.0), 1e-9);
  EXPECT_EQ(distribution.front(), 101) << "the distribution is not reordered";
}

TEST(Bootstrap, OneValueGivesAPointInterval) {
  const std::vector<double> one = {42};
  const auto d = bootstrap_sample(one, {}, 100, k_bootstrap_seed);
  const auto e = estimate_absolute(one, {}, d, 0.95);
  EXPECT_EQ(e.mean, (interval_estimate{42, 42, 42, 0}));
  EXPECT_EQ(e.median, (interval_estimate{42, 42, 42, 0}));
  EXPECT_EQ(e.std_dev, (interval_estimate{0, 0, 0, 0}));
  EXPECT_EQ(e.mad, (interval_estimate{0, 0, 0, 0}));
}

TEST(Bootstrap, EmptySampleGivesZeros) {
  const std::vector<double> none;
  const auto d = bootstrap_sample(none, {}, 100, k_bootstrap_seed);
  EXPECT_TRUE(d.mean.empty());
  const auto e = estimate_absolute(none, {}, d, 0.95);
  EXPECT_EQ(e.typical, interval_estimate{});
  EXPECT_EQ(e.mad, interval_estimate{});
}

TEST(Bootstrap, MeanIntervalContainsTheMeanAndIsOrdered) {
  const std::vector<double> values = {10.2, 9.8, 10.1, 10.0, 9.9, 10.3, 9.7, 10.0, 10.1, 9.9};
  const auto d = bootstrap_sample(values, {}, 20000, k_bootstrap_seed);
  const auto e = estimate_absolute(values, {}, d, 0.95);
  EXPECT_DOUBLE_EQ(e.mean.estimate, 10.0);
  EXPECT_LT(e.mean.lower, 10.0);
  EXPECT_GT(e.mean.upper, 10.0);
  // Normal theory: the standard error of the mean is s / sqrt(n) times
  // sqrt((n - 1) / n) for the bootstrap's plug-in estimate.
  const double expected_se = std_dev(values) / std::sqrt(10.0) * std::sqrt(0.9);
  EXPECT_NEAR(e.mean.std_error, expected_se, 0.05 * expected_se);
  EXPECT_FALSE(e.typical_is_slope);
  EXPECT_EQ(e.typical, e.mean);
}

TEST(Bootstrap, LinearSamplingMakesTheSlopeTypical) {
  // Sample i ran (i + 1) * 10 iterations at 2 ns each plus a fixed 5 ns.
  std::vector<double> iterations;
  std::vector<double> per_iteration;
  for (int i = 1; i <= 10; ++i) {
    iterations.push_back(10.0 * i);
    per_iteration.push_back((2.0 * 10 * i + 5) / (10.0 * i));
  }
  const auto d = bootstrap_sample(per_iteration, iterations, 2000, k_bootstrap_seed);
  ASSERT_EQ(d.slope.size(), 2000U);
  const auto e = estimate_absolute(per_iteration, iterations, d, 0.95);
  EXPECT_TRUE(e.typical_is_slope);
  // beta = sum(x y) / sum(x x) = 2 + 5 sum(x) / sum(x^2) = 2 + 5 * 550 / 38500.
  EXPECT_NEAR(e.typical.estimate, 2 + 5.0 * 550 / 38500, 1e-12);
  EXPECT_LE(e.typical.lower, e.typical.estimate);
  EXPECT_GE(e.typical.upper, e.typical.estimate);
}

}  // namespace
}  // namespace benchgate::stats
