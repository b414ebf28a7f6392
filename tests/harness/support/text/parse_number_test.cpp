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

}  // namespace
