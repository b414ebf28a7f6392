#include "harness/stats/paired.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "harness/stats/change.hpp"

namespace benchgate::stats {
namespace {

constexpr std::size_t k_paired_resamples = 20000;
constexpr std::uint64_t k_paired_seed = 7;

// A machine whose speed drifts threefold while every new sample is 10 %
// slower than the old one it ran next to.
const std::vector<double> k_drifting_old = {100, 180, 120, 300, 110, 250, 140, 90, 200, 160};

std::vector<double> scaled(const std::vector<double>& v, double factor) {
  std::vector<double> out;
  for (const double x : v) out.push_back(x * factor);
  return out;
}

TEST(Paired, ResamplingPairsLeavesTheDriftOut) {
  const auto next = scaled(k_drifting_old, 1.1);
  const auto pairs = bootstrap_pairs(k_drifting_old, next, k_paired_resamples, k_paired_seed);
  ASSERT_EQ(pairs.base.mean.size(), k_paired_resamples);
  const auto change = estimate_change(k_drifting_old, next, pairs.base, pairs.next, 0.95, false);
  // Each resample draws the same pairs from both sides: its ratio of means
  // and of medians is exactly 1.1.
  EXPECT_NEAR(change.mean.estimate, 0.1, 1e-12);
  EXPECT_NEAR(change.mean.lower, 0.1, 1e-12);
  EXPECT_NEAR(change.mean.upper, 0.1, 1e-12);
  EXPECT_NEAR(change.median.lower, 0.1, 1e-12);
  EXPECT_NEAR(change.median.upper, 0.1, 1e-12);
  // Resampled independently, the same samples give a wide interval.
  const auto old_alone = bootstrap_sample(k_drifting_old, {}, k_paired_resamples, k_paired_seed);
  const auto new_alone = bootstrap_sample(next, {}, k_paired_resamples, k_paired_seed + 1);
  const auto unpaired = estimate_change(k_drifting_old, next, old_alone, new_alone, 0.95, false);
  EXPECT_GT(unpaired.mean.upper - unpaired.mean.lower, 0.4);
}

TEST(Paired, NoPairsGiveEmptyDistributions) {
  const auto pairs = bootstrap_pairs({}, {}, k_paired_resamples, k_paired_seed);
  EXPECT_TRUE(pairs.base.mean.empty());
  EXPECT_TRUE(pairs.next.median.empty());
}

TEST(Paired, TByHandAndTheExactSignFlipP) {
  // d = 1, 2, 3: mean 2, sd 1, t = 2 / (1 / sqrt 3). Of the 8 sign
  // patterns only the unflipped one reaches t, so hits -> 7/8 of the
  // draws and p -> 2 * 1/8 = 0.25.
  const std::vector<double> base = {10, 20, 30};
  const std::vector<double> next = {11, 22, 33};
  const auto r = paired_t_test(next, base, k_paired_resamples * 5, k_paired_seed);
  EXPECT_EQ(r.status, welch_status::ok);
  ASSERT_TRUE(r.t.has_value());
  EXPECT_NEAR(*r.t, 2 * std::sqrt(3.0), 1e-12);
  EXPECT_NEAR(r.p, 0.25, 0.01);
}

TEST(Paired, AConsistentChangeUnderDriftIsSignificant) {
  const auto next = scaled(k_drifting_old, 1.1);
  std::vector<double> noisy = next;
  noisy[3] *= 1.02;  // not all differences proportional: t is finite
  const auto r = paired_t_test(noisy, k_drifting_old, k_paired_resamples, k_paired_seed);
  EXPECT_EQ(r.status, welch_status::ok);
  // Every d_i > 0: only the unflipped pattern of 2^10 reaches t.
  EXPECT_LT(r.p, 0.01);
}

TEST(Paired, SameSamplesGivePOne) {
  const auto r = paired_t_test(k_drifting_old, k_drifting_old, k_paired_resamples, k_paired_seed);
  EXPECT_EQ(r.status, welch_status::no_variance);
  EXPECT_EQ(r.p, 1);
}

TEST(Paired, EqualNonZeroDifferencesGivePZero) {
  const std::vector<double> base = {1, 2, 3};
  const std::vector<double> next = {2, 3, 4};
  const auto r = paired_t_test(next, base, k_paired_resamples, k_paired_seed);
  EXPECT_EQ(r.status, welch_status::no_variance);
  EXPECT_EQ(r.p, 0);
}

TEST(Paired, OnePairIsTooFew) {
  const std::vector<double> one = {1};
  const std::vector<double> other = {2};
  const auto r = paired_t_test(other, one, k_paired_resamples, k_paired_seed);
  EXPECT_EQ(r.status, welch_status::too_few_samples);
  EXPECT_EQ(r.p, 1);
  EXPECT_FALSE(r.t.has_value());
}

TEST(Paired, TheSeedMakesItReproducible) {
  const std::vector<double> base = {10, 12, 11, 13, 12};
  const std::vector<double> next = {11, 12, 12, 12, 13};
  EXPECT_EQ(paired_t_test(next, base, k_paired_resamples, k_paired_seed).p, paired_t_test(next, base, k_paired_resamples, k_paired_seed).p);
  EXPECT_EQ(bootstrap_pairs(base, next, 100, k_paired_seed).next.mean, bootstrap_pairs(base, next, 100, k_paired_seed).next.mean);
  // ... and the resampling does depend on it (a fixed or ignored seed
  // would pass the lines above too).
  EXPECT_NE(bootstrap_pairs(base, next, 100, k_paired_seed).next.mean,
            bootstrap_pairs(base, next, 100, k_paired_seed + 1).next.mean);
}

}  // namespace
}  // namespace benchgate::stats
