#include "harness/stats/summary.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using namespace benchgate::stats;

TEST(Summary, MedianOfEvenCountAveragesMiddlePair) {
  const std::vector<double> v = {4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(median(v), 2.5);
}

TEST(Summary, PercentileInterpolatesLinearlyLikeNumpy) {
  const std::vector<double> v = {1, 2, 3, 4, 5};
  EXPECT_DOUBLE_EQ(percentile(v, 0), 1);
  EXPECT_DOUBLE_EQ(percentile(v, 25), 2);
  EXPECT_DOUBLE_EQ(percentile(v, 100), 5);
  // r = 0.1 * 4 = 0.4 -> 1 + 0.4 * (2 - 1)
  EXPECT_DOUBLE_EQ(percentile(v, 10), 1.4);
  const std::vector<double> w = {10, 20};
  EXPECT_DOUBLE_EQ(percentile(w, 75), 17.5);
}

TEST(Summary, MeanAndSampleStdDev) {
  const std::vector<double> v = {2, 4, 4, 4, 5, 5, 7, 9};
  EXPECT_DOUBLE_EQ(mean(v), 5);
  // sum of squares 32, n - 1 = 7
  EXPECT_DOUBLE_EQ(std_dev(v), std::sqrt(32.0 / 7.0));
}

TEST(Summary, MadIsScaledMedianAbsoluteDeviation) {
  const std::vector<double> v = {1, 1, 2, 2, 4, 6, 9};
  // median 2; |x - 2| = 1,1,0,0,2,4,7 -> median 1
  EXPECT_DOUBLE_EQ(mad(v), 1.4826);
}

TEST(Summary, DegenerateInputsGiveZeroNotNaN) {
  const std::vector<double> empty;
  EXPECT_EQ(mean(empty), 0);
  EXPECT_EQ(median(empty), 0);
  EXPECT_EQ(mad(empty), 0);
  const std::vector<double> one = {3};
  EXPECT_EQ(std_dev(one), 0);
  EXPECT_EQ(median(one), 3);
}

}  // namespace
