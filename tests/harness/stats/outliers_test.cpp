#include "harness/stats/outliers.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace benchgate::stats {
namespace {

// Sorted: -30 -10 1 2 3 4 5 6 7 8 20 40. Q1 = P25 at r = 2.75: 1 + 0.75 =
// 1.75; Q3 = P75 at r = 8.25: 7 + 0.25 = 7.25; IQR = 5.5.
const std::vector<double> k_sample = {5, 40, 1, -30, 2, 3, 20, 4, -10, 6, 7, 8};

TEST(Outliers, FencesAreTukeysMultiplesOfTheInterquartileRange) {
  const auto f = fences_of(k_sample);
  EXPECT_DOUBLE_EQ(f.low_severe, 1.75 - 3 * 5.5);   // -14.75
  EXPECT_DOUBLE_EQ(f.low_mild, 1.75 - 1.5 * 5.5);   // -6.5
  EXPECT_DOUBLE_EQ(f.high_mild, 7.25 + 1.5 * 5.5);  // 15.5
  EXPECT_DOUBLE_EQ(f.high_severe, 7.25 + 3 * 5.5);  // 23.75
}

TEST(Outliers, ClassifiesEachSideIntoMildAndSevere) {
  const auto counts = classify_outliers(k_sample);
  EXPECT_EQ(counts.low_severe, 1U);   // -30
  EXPECT_EQ(counts.low_mild, 1U);     // -10
  EXPECT_EQ(counts.high_mild, 1U);    // 20
  EXPECT_EQ(counts.high_severe, 1U);  // 40
  EXPECT_EQ(counts.total(), 4U);
}

TEST(Outliers, AValueOnAFenceIsNotAnOutlier) {
  auto sample = k_sample;
  sample[6] = 15.5;  // 20 -> exactly the high mild fence; quartiles unchanged
  sample[1] = 23.75;  // 40 -> exactly the high severe fence: mild, not severe
  const auto counts = classify_outliers(sample);
  EXPECT_EQ(counts.high_mild, 1U);
  EXPECT_EQ(counts.high_severe, 0U);
}

TEST(Outliers, EmptyOrConstantSamplesHaveNone) {
  EXPECT_EQ(classify_outliers(std::vector<double>{}).total(), 0U);
  EXPECT_EQ(classify_outliers(std::vector<double>{3, 3, 3, 3}).total(), 0U);
  EXPECT_EQ(classify_outliers(std::vector<double>{3}).total(), 0U);
}

}  // namespace
}  // namespace benchgate::stats
