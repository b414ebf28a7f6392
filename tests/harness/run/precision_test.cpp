#include "harness/run/precision.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace benchgate::run {
namespace {

TEST(Precision, RelativeHalfWidthIsTheStudentTIntervalOverTheMean) {
  // mean 10, s = sqrt(2.5) (1..5 shifted), n = 5, t(0.975, 4) = 2.776445.
  const std::vector<double> v = {8, 9, 10, 11, 12};
  EXPECT_NEAR(relative_half_width(v), 2.776445 * std::sqrt(2.5) / std::sqrt(5.0) / 10, 1e-6);
  const std::vector<double> same = {3, 3, 3};
  EXPECT_EQ(relative_half_width(same), 0);
}

TEST(Precision, TooFewValuesOrNoPositiveMeanIsInfinitelyWide) {
  EXPECT_TRUE(std::isinf(relative_half_width(std::vector<double>{5})));
  EXPECT_TRUE(std::isinf(relative_half_width(std::vector<double>{})));
  EXPECT_TRUE(std::isinf(relative_half_width(std::vector<double>{-1, 1})));
}

TEST(Precision, NextBatchFollowsTheSquareRootLawWithinLimits) {
  // Twice as wide as the target: 4x the samples, but at most doubling.
  EXPECT_EQ(next_batch(10, 0.02, 0.01), 10);
  // 10 % too wide: 1.21x the samples: 3 more, raised to the minimum batch.
  EXPECT_EQ(next_batch(10, 0.011, 0.01), k_min_batch);
  // 1.5x too wide with 40 taken: 90 needed, 50 more, at most 40.
  EXPECT_EQ(next_batch(40, 0.015, 0.01), 40);
  // 1.2x too wide with 100 taken: 144 needed, 44 more.
  EXPECT_EQ(next_batch(100, 0.012, 0.01), 44);
  EXPECT_EQ(next_batch(10, std::numeric_limits<double>::infinity(), 0.01), 10);
}

TEST(Precision, AVariantStopsWithinTheTargetOrAtItsCap) {
  // Within the target: stop, not capped, whatever the time spent.
  const auto reached = next_step(10, 0.004, 0.005, 9, 1);
  EXPECT_EQ(reached.samples, 0);
  EXPECT_FALSE(reached.capped);
  // Wider, and its cap spent: stop, capped.
  const auto spent = next_step(10, 0.02, 0.005, 1, 1);
  EXPECT_EQ(spent.samples, 0);
  EXPECT_TRUE(spent.capped);
}

TEST(Precision, AVariantGoesOnAsFarAsItsCapHasRoom) {
  // Twice as wide with 10 taken in 0.2 s of a 1 s cap: next_batch's 10.
  EXPECT_EQ(next_step(10, 0.01, 0.005, 0.2, 1).samples, 10);
  // 8 taken in 0.5 s with a 0.75 s cap: room for 4 at 0.0625 s a sample.
  EXPECT_EQ(next_step(8, 0.01, 0.005, 0.5, 0.75).samples, 4);
  // Almost spent: at least one more.
  EXPECT_EQ(next_step(10, 0.01, 0.005, 0.999, 1).samples, 1);
  // Samples that took no measurable CPU time: next_batch's count.
  EXPECT_EQ(next_step(10, 0.01, 0.005, 0, 1).samples, 10);
  EXPECT_FALSE(next_step(10, 0.01, 0.005, 0.2, 1).capped);
}

}  // namespace
}  // namespace benchgate::run
