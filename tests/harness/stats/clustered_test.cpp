#include "harness/stats/clustered.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace benchgate::stats {
namespace {

constexpr double k_confidence = 0.95;
constexpr double k_numeric_tolerance = 1e-4;

TEST(Clustered, TwoClustersGiveACauchyTest) {
  // Cluster 0's log ratio is 0, cluster 1's 0.2: m = 0.1, s = 0.1 sqrt(2),
  // standard error s / sqrt(2) = 0.1, t = 1 with 1 degree of freedom
  // (Cauchy: P(T <= 1) = 3/4), so p = 2 (1 - 3/4) = 0.5; the 97.5 %
  // quantile of t with 1 degree of freedom is 12.7062.
  const double e = std::exp(0.2);
  const std::vector<double> base = {1, 1, 1, 1};
  const std::vector<double> next = {1, 1, e, e};
  const std::vector<std::size_t> cluster = {0, 0, 1, 1};
  const auto c = cluster_change(base, next, cluster, k_confidence);
  EXPECT_EQ(c.clusters, 2u);
  EXPECT_EQ(c.test.status, welch_status::ok);
  ASSERT_TRUE(c.test.t.has_value());
  EXPECT_NEAR(*c.test.t, 1.0, 1e-12);
  EXPECT_NEAR(c.test.p, 0.5, k_numeric_tolerance);
  EXPECT_NEAR(c.mean.estimate, std::exp(0.1) - 1, 1e-12);
  EXPECT_NEAR(c.mean.std_error, 0.1, 1e-12);
  EXPECT_NEAR(c.mean.lower, std::exp(0.1 - 1.270620) - 1, k_numeric_tolerance);
  EXPECT_NEAR(c.mean.upper, std::exp(0.1 + 1.270620) - 1, k_numeric_tolerance);
}

TEST(Clustered, ThreeClustersAroundNoChange) {
  // Log ratios 0.1, 0, -0.1 (labels in any order): m = 0, t = 0, p = 1;
  // s = 0.1, standard error 0.1 / sqrt(3), t quantile (2 df) 4.302653.
  const std::vector<double> base = {1, 1, 1};
  const std::vector<double> next = {std::exp(0.1), 1, std::exp(-0.1)};
  const std::vector<std::size_t> cluster = {7, 3, 5};
  const auto c = cluster_change(base, next, cluster, k_confidence);
  EXPECT_EQ(c.clusters, 3u);
  EXPECT_NEAR(c.test.p, 1.0, 1e-12);
  EXPECT_NEAR(c.mean.estimate, 0.0, 1e-12);
  const double half = 4.302653 * 0.1 / std::sqrt(3.0);
  EXPECT_NEAR(c.mean.lower, std::exp(-half) - 1, k_numeric_tolerance);
  EXPECT_NEAR(c.mean.upper, std::exp(half) - 1, k_numeric_tolerance);
}

TEST(Clustered, DriftWithinAClusterCancelsAndEqualRatiosHaveNoVariance) {
  // Every cluster's new mean is 1.1 times its old one, whatever the
  // samples' own spread: no variance between clusters, p = 0, a zero-width
  // interval at +10 %.
  const std::vector<double> base = {100, 300, 50, 150, 20, 20};
  const std::vector<double> next = {110, 330, 55, 165, 22, 22};
  const std::vector<std::size_t> cluster = {0, 0, 1, 1, 2, 2};
  const auto c = cluster_change(base, next, cluster, k_confidence);
  EXPECT_EQ(c.test.status, welch_status::no_variance);
  EXPECT_EQ(c.test.p, 0);
  EXPECT_NEAR(c.mean.estimate, 0.1, 1e-12);
  EXPECT_NEAR(c.mean.lower, 0.1, 1e-12);
  EXPECT_NEAR(c.mean.upper, 0.1, 1e-12);
  EXPECT_NEAR(c.median.estimate, 0.1, 1e-12);
}

TEST(Clustered, TheMedianRatioIsPerCluster) {
  // Medians 2 and 2 in both clusters (means 2 against 3): median change 0,
  // mean change +50 %.
  const std::vector<double> base = {1, 2, 3, 1, 2, 3};
  const std::vector<double> next = {1, 2, 6, 1, 2, 6};
  const std::vector<std::size_t> cluster = {0, 0, 0, 1, 1, 1};
  const auto c = cluster_change(base, next, cluster, k_confidence);
  EXPECT_NEAR(c.median.estimate, 0.0, 1e-12);
  EXPECT_NEAR(c.mean.estimate, 0.5, 1e-12);
}

TEST(Clustered, OneClusterIsTooFew) {
  const std::vector<double> base = {1, 2};
  const std::vector<double> next = {2, 3};
  const std::vector<std::size_t> cluster = {4, 4};
  const auto c = cluster_change(base, next, cluster, k_confidence);
  EXPECT_EQ(c.clusters, 1u);
  EXPECT_EQ(c.test.status, welch_status::too_few_samples);
  EXPECT_EQ(c.test.p, 1);
}

}  // namespace
}  // namespace benchgate::stats
