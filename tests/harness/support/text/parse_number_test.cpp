#include "harness/support/text/parse_number.hpp"

#include <gtest/gtest.h>

namespace {

using namespace benchgate::text;

TEST(ParseDouble, AcceptsPlainAndScientificNumbers) {
  EXPECT_EQ(parse_double("0.5"), 0.5);
  EXPECT_EQ(parse_double("1e-3"), 0.001);
  EXPECT_EQ(parse_double("-2"), -2.0);
  EXPECT_EQ(parse_double("+3"), 3.0);
}

TEST(ParseDouble, RejectsEmptyTrailingTextAndNonFinite) {
  EXPECT_EQ(parse_double(""), std::nullopt);
  EXPECT_EQ(parse_double("0.5s"), std::nullopt);
  EXPECT_EQ(parse_double(" 1"), std::nullopt);
  EXPECT_EQ(parse_double("nan"), std::nullopt);
  EXPECT_EQ(parse_double("inf"), std::nullopt);
  EXPECT_EQ(parse_double("1e999"), std::nullopt);
}

TEST(ParseInt, AcceptsIntegersAndRejectsFractionsAndOverflow) {
  EXPECT_EQ(parse_int("42"), 42);
  EXPECT_EQ(parse_int("-7"), -7);
  EXPECT_EQ(parse_int("4.0"), std::nullopt);
  EXPECT_EQ(parse_int("99999999999999999999"), std::nullopt);
  EXPECT_EQ(parse_int("x"), std::nullopt);
}

TEST(ParsePercent, TakesAnOptionalPercentSign) {
  EXPECT_EQ(parse_percent("5"), 5.0);
  EXPECT_EQ(parse_percent("5%"), 5.0);
  EXPECT_EQ(parse_percent("%"), std::nullopt);
  EXPECT_EQ(parse_percent("5%%"), std::nullopt);
}

TEST(NumberText, IsTheShortestTextThatReadsBackExactly) {
  EXPECT_EQ(number_text(0.1), "0.1");
  EXPECT_EQ(number_text(5), "5");
  EXPECT_EQ(number_text(0.125), "0.125");
  EXPECT_EQ(number_text(1e-5), "1e-05");
  for (const double v : {0.1 + 0.2, 1.0 / 3, -2.2250738585072014e-308, 1.7976931348623157e308}) {
    EXPECT_EQ(parse_double(number_text(v)), v) << number_text(v);
  }
}

}  // namespace
