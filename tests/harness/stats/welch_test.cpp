#include "harness/stats/welch.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "benchgate/rng.hpp"

namespace benchgate::stats {
namespace {

constexpr std::size_t k_welch_resamples = 20000;
constexpr std::uint64_t k_welch_seed = 11;

TEST(Welch, TStatisticByHand) {
  // Means 2 and 5, both variances 1: t = -3 / sqrt(1/3 + 1/3).
  const std::vector<double> a = {1, 2, 3};
  const std::vector<double> b = {4, 5, 6};
  ASSERT_TRUE(welch_t(a, b).has_value());
  EXPECT_DOUBLE_EQ(*welch_t(a, b), -3 / std::sqrt(2.0 / 3.0));
  // Unequal sizes and variances: c has n 5, mean 3, variance 2.5; d has n 3,
  // mean 2, variance 1.
  const std::vector<double> c = {1, 2, 3, 4, 5};
  const std::vector<double> d = {1, 3, 2};
  EXPECT_DOUBLE_EQ(*welch_t(c, d), (3.0 - 2.0) / std::sqrt(2.5 / 5 + 1.0 / 3));
}

TEST(Welch, ClearlyDifferentSamplesGiveASmallP) {
  const std::vector<double> a = {10.1, 10.3, 10.2, 10.4, 10.2, 10.3, 10.1, 10.2};
  const std::vector<double> b = {9.1, 9.0, 9.2, 9.1, 9.3, 9.0, 9.2, 9.1};
  const auto r = welch_test(a, b, k_welch_resamples, k_welch_seed);
  EXPECT_EQ(r.status, welch_status::ok);
  EXPECT_GT(*r.t, 0);
  EXPECT_LT(r.p, 0.001);
}

TEST(Welch, SamplesFromOneDistributionGiveALargeP) {
  const std::vector<double> a = {10.1, 9.8, 10.3, 9.9, 10.0, 10.2, 9.7, 10.1};
  const std::vector<double> b = {10.0, 10.2, 9.8, 10.1, 9.9, 10.3, 9.9, 10.0};
  const auto r = welch_test(a, b, k_welch_resamples, k_welch_seed);
  EXPECT_GT(r.p, 0.5);
}

TEST(Welch, PIsTwoSidedAndSymmetric) {
  const std::vector<double> a = {10.1, 10.5, 10.2, 10.6, 10.0, 10.4};
  const std::vector<double> b = {10.0, 10.1, 9.8, 10.2, 9.9, 10.3};
  const auto ab = welch_test(a, b, k_welch_resamples, k_welch_seed);
  const auto ba = welch_test(b, a, k_welch_resamples, k_welch_seed);
  EXPECT_DOUBLE_EQ(*ab.t, -*ba.t);
  EXPECT_NEAR(ab.p, ba.p, 0.02);  // different draws, same null distribution
  EXPECT_EQ(welch_test(a, b, k_welch_resamples, k_welch_seed).p, ab.p) << "the seed fixes the p-value";
}

TEST(Welch, PValueIsRoughlyUniformUnderTheNull) {
  // Among 100 A/A pairs of normal-ish samples, about 5 % fall below 0.05.
  benchgate::splitmix64 rng(5);
  int below = 0;
  constexpr int k_pairs = 100;
  for (int pair = 0; pair < k_pairs; ++pair) {
    std::vector<double> a(12);
    std::vector<double> b(12);
    for (auto* side : {&a, &b}) {
      for (auto& x : *side) x = rng.uniform01() + rng.uniform01() + rng.uniform01();
    }
    below += welch_test(a, b, 2000, k_welch_seed + static_cast<std::uint64_t>(pair)).p < 0.05;
  }
  EXPECT_LE(below, 12);
}

TEST(Welch, DegenerateSamplesHaveDefinedResults) {
  const std::vector<double> one = {5};
  const std::vector<double> fives = {5, 5, 5};
  const std::vector<double> sixes = {6, 6, 6};
  const std::vector<double> spread = {4, 5, 6};

  const auto few = welch_test(one, spread, k_welch_resamples, k_welch_seed);
  EXPECT_EQ(few.status, welch_status::too_few_samples);
  EXPECT_FALSE(few.t.has_value());
  EXPECT_EQ(few.p, 1);

  const auto same = welch_test(fives, fives, k_welch_resamples, k_welch_seed);
  EXPECT_EQ(same.status, welch_status::no_variance);
  EXPECT_FALSE(same.t.has_value());
  EXPECT_EQ(same.p, 1);

  const auto apart = welch_test(sixes, fives, k_welch_resamples, k_welch_seed);
  EXPECT_EQ(apart.status, welch_status::no_variance);
  EXPECT_EQ(apart.p, 0);

  // One constant side is fine: the other side's variance makes t finite.
  const auto half = welch_test(fives, spread, k_welch_resamples, k_welch_seed);
  EXPECT_EQ(half.status, welch_status::ok);
  EXPECT_DOUBLE_EQ(*half.t, 0);
  EXPECT_GT(half.p, 0.5);
}

// The stopping rule: a p clearly above the threshold stops after a batch,
// with the p of exactly those resamples (a prefix of the full run); a p
// below it, or a run of at most one batch, is the full run's, draw for draw.
TEST(Welch, StopsEarlyOnlyWhenPIsClearlyAboveTheThreshold) {
  constexpr std::size_t k_full = 100'000;
  constexpr double k_alpha = 0.05;
  benchgate::splitmix64 rng(5);
  std::vector<double> a(10);
  std::vector<double> b(10);
  for (auto& x : a) x = 100 + rng.uniform01();
  for (auto& x : b) x = 100 + rng.uniform01();
  const auto stopped = welch_test(a, b, k_full, k_welch_seed, k_alpha);
  EXPECT_GT(stopped.p, k_alpha);
  EXPECT_LT(stopped.resamples, k_full);
  EXPECT_EQ(stopped.resamples % k_welch_batch, 0U);
  const auto prefix = welch_test(a, b, stopped.resamples, k_welch_seed);
  EXPECT_EQ(stopped.p, prefix.p);
  EXPECT_EQ(prefix.resamples, stopped.resamples);
  // Never stopped: all resamples drawn.
  EXPECT_EQ(welch_test(a, b, k_full, k_welch_seed).resamples, k_full);

  std::vector<double> slower = b;
  for (auto& x : slower) x += 0.8;  // t about -6: p far below alpha
  const auto full = welch_test(slower, a, k_full, k_welch_seed);
  const auto sequential = welch_test(slower, a, k_full, k_welch_seed, k_alpha);
  EXPECT_LT(sequential.p, k_alpha);
  EXPECT_EQ(sequential.p, full.p);
  EXPECT_EQ(sequential.resamples, k_full);

  // One batch or less: nothing to stop.
  EXPECT_EQ(welch_test(a, b, k_welch_batch, k_welch_seed, k_alpha).p, welch_test(a, b, k_welch_batch, k_welch_seed).p);
  EXPECT_EQ(welch_test(a, b, 1000, k_welch_seed, k_alpha).resamples, 1000U);
}

}  // namespace
}  // namespace benchgate::stats
