// Figures with one decimal (support/text/decimal_text.hpp), values checkable by hand.

#include "harness/support/text/decimal_text.hpp"

#include <gtest/gtest.h>

namespace benchgate::text {
namespace {

TEST(DecimalText, OneDecimalRoundsAndSignsOnRequest) {
  EXPECT_EQ(one_decimal(12.25), "12.2");  // 12.25 is 12.2499... in binary
  EXPECT_EQ(one_decimal(1813), "1813.0");
  EXPECT_EQ(one_decimal(3, true), "+3.0");
  EXPECT_EQ(one_decimal(-0.34, true), "-0.3");
}

TEST(DecimalText, PercentChangeIsOfTheOldValue) {
  EXPECT_EQ(percent_change(200, 250), "+25.0 %");
  EXPECT_EQ(percent_change(1813, 2837), "+56.5 %");
  EXPECT_EQ(percent_change(4, 3), "-25.0 %");
}

TEST(DecimalText, RightAlignedPadsOrKeepsColumnsApart) {
  EXPECT_EQ(right_aligned("1.5", 6), "   1.5");
  EXPECT_EQ(right_aligned("123456", 6), "123456 ");
  EXPECT_EQ(right_aligned("1234567", 6), "1234567 ");
}

}  // namespace
}  // namespace benchgate::text
