#include "harness/report/format.hpp"

#include <gtest/gtest.h>

namespace benchgate::report {
namespace {

TEST(Format, PercentagesAreSignedWithCriterionsDigits) {
  EXPECT_EQ(format_percent(-0.90594), "-90.594%");
  EXPECT_EQ(format_percent(0.025316), "+2.5316%");
  EXPECT_EQ(format_percent(9.6311), "+963.11%");
  EXPECT_EQ(format_percent(10.01), "+1001.0%");
  EXPECT_EQ(format_percent(123.456), "+12346%");
  EXPECT_EQ(format_percent(0), "+0.0000%");
}

TEST(Format, PadRightCountsCharactersNotBytes) {
  EXPECT_EQ(pad_right("µs", 4), "µs  ");
  EXPECT_EQ(pad_right("ns", 4), "ns  ");
  EXPECT_EQ(pad_right("long text", 4), "long text");
}

}  // namespace
}  // namespace benchgate::report
