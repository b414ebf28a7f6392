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
  // patterns only the unflipped one reaches t (and only the all-flipped
  // one -t), so p = 2 * 1/8 = 0.25, exactly: up to 16 pairs every pattern
  // is tried.
  const std::vector<double> base = {10, 20, 30};
  const std::vector<double> next = {11, 22, 33};
  const auto r = paired_t_test(next, base, k_paired_resamples, k_paired_seed);
  EXPECT_EQ(r.status, welch_status::ok);
  ASSERT_TRUE(r.t.has_value());
  EXPECT_NEAR(*r.t, 2 * std::sqrt(3.0), 1e-12);
  EXPECT_DOUBLE_EQ(r.p, 0.25);
}

// The unflipped pattern is in both tails. Counting only t* < t gave a
// drop whose every pair fell p = 0 (the gate failed a higher-is-better
// counter on 3 pairs), and the same pairs swapped p = 0.25.
TEST(Paired, ADropAndARiseOfTheSamePairsGiveTheSameP) {
  const std::vector<double> old_side = {100, 103, 98};
  const std::vector<double> new_side = {73, 76, 70};
  const auto drop = paired_t_test(new_side, old_side, k_paired_resamples, k_paired_seed);
  const auto rise = paired_t_test(old_side, new_side, k_paired_resamples, k_paired_seed);
  EXPECT_DOUBLE_EQ(drop.p, 0.25);
  EXPECT_DOUBLE_EQ(rise.p, 0.25);
  // Beyond 16 pairs the patterns are drawn: the observed one still counts.
  std::vector<double> many_old;
  std::vector<double> many_new;
  for (int i = 0; i < 40; ++i) {
    many_old.push_back(100 + i % 7);
    many_new.push_back(90 + i % 5);
  }
  const std::size_t draws = 999;
  const auto many_drop = paired_t_test(many_new, many_old, draws, k_paired_seed);
  const auto many_rise = paired_t_test(many_old, many_new, draws, k_paired_seed);
  EXPECT_DOUBLE_EQ(many_drop.p, 2.0 / (draws + 1)) << "no draw reaches t: only the observed pattern";
  EXPECT_DOUBLE_EQ(many_rise.p, many_drop.p);
}

TEST(Paired, TheSmallestPOfNPairs) {
  EXPECT_EQ(smallest_sign_flip_p(0), 1);
  EXPECT_EQ(smallest_sign_flip_p(1), 1);
  EXPECT_EQ(smallest_sign_flip_p(2), 0.5);
  EXPECT_EQ(smallest_sign_flip_p(3), 0.25);
  EXPECT_EQ(smallest_sign_flip_p(6), 0.03125);
  EXPECT_GT(smallest_sign_flip_p(100000), 0);
  EXPECT_LT(smallest_sign_flip_p(100000), 1e-300);
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

TEST(Paired, EqualNonZeroDifferencesGiveTheSmallestP) {
  // No t, but only the patterns that flip none or all are as far from 0.
  const std::vector<double> base = {1, 2, 3};
  const std::vector<double> next = {2, 3, 4};
  const auto r = paired_t_test(next, base, k_paired_resamples, k_paired_seed);
  EXPECT_EQ(r.status, welch_status::no_variance);
  EXPECT_EQ(r.p, 0.25);
  const std::vector<double> twenty(20, 5.0);
  EXPECT_EQ(paired_t_test(scaled(twenty, 2), twenty, k_paired_resamples, k_paired_seed).p, std::ldexp(1.0, -19));
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
  // Beyond 16 pairs the sign patterns are drawn from the seed.
  std::vector<double> long_base;
  std::vector<double> long_next;
  for (int i = 0; i < 30; ++i) {
    long_base.push_back(10 + i % 4);
    long_next.push_back(10 + (i * 7) % 5);
  }
  const auto p_of = [&](std::uint64_t seed) { return paired_t_test(long_next, long_base, 2000, seed).p; };
  EXPECT_EQ(p_of(k_paired_seed), p_of(k_paired_seed));
  EXPECT_NE(p_of(k_paired_seed), p_of(k_paired_seed + 1));
  EXPECT_EQ(bootstrap_pairs(base, next, 100, k_paired_seed).next.mean, bootstrap_pairs(base, next, 100, k_paired_seed).next.mean);
  // ... and the resampling does depend on it (a fixed or ignored seed
  // would pass the lines above too).
  EXPECT_NE(bootstrap_pairs(base, next, 100, k_paired_seed).next.mean,
            bootstrap_pairs(base, next, 100, k_paired_seed + 1).next.mean);
}

}  // namespace
}  // namespace benchgate::stats
