#include "harness/stats/summary.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "benchgate/rng.hpp"

namespace benchgate::stats {
namespace {

TEST(Summary, PercentileInterpolatesLinearlyBetweenClosestRanks) {
  const std::vector<double> v = {4, 1, 3, 2};  // sorted 1 2 3 4; r = p/100 * 3
  EXPECT_DOUBLE_EQ(percentile(v, 25), 1.75);    // r = 0.75
  EXPECT_DOUBLE_EQ(percentile(v, 50), 2.5);     // r = 1.5
  EXPECT_DOUBLE_EQ(percentile(v, 90), 3.7);     // r = 2.7
  EXPECT_DOUBLE_EQ(percentile(v, 0), 1);
  EXPECT_DOUBLE_EQ(percentile(v, 100), 4);
}

TEST(Summary, MedianOfEvenCountAveragesMiddlePair) {
  EXPECT_DOUBLE_EQ(median(std::vector<double>{1, 2, 3, 4}), 2.5);
  EXPECT_DOUBLE_EQ(median(std::vector<double>{5, 1, 3}), 3);
}

TEST(Summary, StdDevUsesTheSampleDivisor) {
  // mean 5, squared deviations sum to 32, 32 / 7.
  EXPECT_DOUBLE_EQ(std_dev(std::vector<double>{2, 4, 4, 4, 5, 5, 7, 9}), std::sqrt(32.0 / 7.0));
  EXPECT_DOUBLE_EQ(mean(std::vector<double>{2, 4, 4, 4, 5, 5, 7, 9}), 5);
}

TEST(Summary, MadScalesTheMedianAbsoluteDeviation) {
  // median 3; |x - 3| = 2 1 0 1 97, whose median is 1.
  EXPECT_DOUBLE_EQ(mad(std::vector<double>{1, 2, 3, 4, 100}), 1.4826);
  // median 2.5; deviations 1.5 0.5 0.5 1.5, median 1.
  EXPECT_DOUBLE_EQ(mad(std::vector<double>{1, 2, 3, 4}), 1.4826);
}

TEST(Summary, EmptyAndSingleValuesGiveZeroSpread) {
  const std::vector<double> none;
  EXPECT_EQ(mean(none), 0);
  EXPECT_EQ(std_dev(none), 0);
  EXPECT_EQ(median(none), 0);
  EXPECT_EQ(mad(none), 0);
  EXPECT_EQ(percentile(none, 50), 0);
  const std::vector<double> one = {7};
  EXPECT_EQ(mean(one), 7);
  EXPECT_EQ(std_dev(one), 0);
  EXPECT_EQ(median(one), 7);
  EXPECT_EQ(mad(one), 0);
}

TEST(Summary, PercentileInPlaceAgreesWithTheSortingPercentile) {
  benchgate::splitmix64 rng(42);
  for (std::size_t n = 1; n < 40; ++n) {
    std::vector<double> v(n);
    for (auto& x : v) x = static_cast<double>(rng.below(10));  // many ties
    for (const double p : {0.0, 2.5, 25.0, 50.0, 97.5, 100.0}) {
      auto copy = v;
      EXPECT_DOUBLE_EQ(percentile_in_place(copy, p), percentile(v, p)) << "n " << n << " p " << p;
    }
  }
  std::vector<double> none;
  EXPECT_EQ(percentile_in_place(none, 50), 0);
}

// percentiles() brackets each rank from a subsample of large inputs; its
// results must be exactly the sorting percentile's, in random order (the
// bracket holds), sorted or reversed order and with heavy ties (where it may
// not, and the fallback answers), and below the bracketing size.
TEST(Summary, PercentilePairEqualsTheSortingPercentileInEveryOrder) {
  benchgate::splitmix64 rng(7);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{1000},
                              std::size_t{8191}, std::size_t{8192}, std::size_t{100'000}}) {
    std::vector<double> random(n);
    for (auto& x : random) x = rng.uniform01();
    std::vector<double> tied(n);
    for (auto& x : tied) x = static_cast<double>(rng.below(5));
    auto ascending = random;
    std::sort(ascending.begin(), ascending.end());
    std::vector<double> descending(ascending.rbegin(), ascending.rend());
    for (const auto* values : {&random, &tied, &ascending, &descending}) {
      for (const auto& [low, high] : {std::pair{2.5, 97.5}, std::pair{0.0, 100.0}, std::pair{0.5, 99.5},
                                      std::pair{50.0, 50.0}, std::pair{5.0, 95.0}}) {
        const auto before = *values;
        const auto got = percentiles(*values, low, high);
        EXPECT_EQ(got.low, percentile(*values, low)) << "n " << n << " p " << low;
        EXPECT_EQ(got.high, percentile(*values, high)) << "n " << n << " p " << high;
        EXPECT_EQ(*values, before);  // read only
      }
    }
  }
}

}  // namespace
}  // namespace benchgate::stats
