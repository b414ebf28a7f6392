#include "harness/stats/multiple_comparisons.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

namespace benchgate::stats {
namespace {

using ::testing::DoubleEq;
using ::testing::ElementsAre;

const std::vector<double> k_p = {0.01, 0.04, 0.03, 0.005};

TEST(MultipleComparisons, HolmStepsDownWithARunningMaximum) {
  // Ascending: 0.005 x4 = 0.02, 0.01 x3 = 0.03, 0.03 x2 = 0.06, 0.04 x1 = 0.04 -> max 0.06.
  EXPECT_THAT(holm_adjusted(k_p), ElementsAre(DoubleEq(0.03), DoubleEq(0.06), DoubleEq(0.06), DoubleEq(0.02)));
}

TEST(MultipleComparisons, BenjaminiHochbergStepsUpWithARunningMinimum) {
  // Ascending: 0.005 * 4/1 = 0.02, 0.01 * 4/2 = 0.02, 0.03 * 4/3 = 0.04, 0.04 * 4/4 = 0.04.
  EXPECT_THAT(benjamini_hochberg_adjusted(k_p),
              ElementsAre(DoubleEq(0.02), DoubleEq(0.04), DoubleEq(0.04), DoubleEq(0.02)));
}

TEST(MultipleComparisons, AdjustedValuesAreCappedAtOne) {
  const std::vector<double> p = {0.5, 0.9};
  EXPECT_THAT(holm_adjusted(p), ElementsAre(DoubleEq(1.0), DoubleEq(1.0)));
  EXPECT_THAT(benjamini_hochberg_adjusted(p), ElementsAre(DoubleEq(0.9), DoubleEq(0.9)));
}

TEST(MultipleComparisons, EmptyAndSingleFamilies) {
  EXPECT_TRUE(holm_adjusted({}).empty());
  EXPECT_TRUE(benjamini_hochberg_adjusted({}).empty());
  const std::vector<double> one = {0.03};
  EXPECT_THAT(holm_adjusted(one), ElementsAre(DoubleEq(0.03)));
  EXPECT_THAT(adjusted_p_values(one, correction::benjamini_hochberg), ElementsAre(DoubleEq(0.03)));
}

TEST(MultipleComparisons, NoneKeepsTheRawValues) {
  EXPECT_EQ(adjusted_p_values(k_p, correction::none), k_p);
  EXPECT_EQ(adjusted_p_values(k_p, correction::holm), holm_adjusted(k_p));
}

TEST(MultipleComparisons, NamesRoundTrip) {
  for (const auto m : {correction::none, correction::holm, correction::benjamini_hochberg}) {
    EXPECT_EQ(parse_correction(to_string(m)), m);
  }
  EXPECT_EQ(to_string(correction::benjamini_hochberg), "bh");
  EXPECT_FALSE(parse_correction("bonferroni").has_value());
}

}  // namespace
}  // namespace benchgate::stats
