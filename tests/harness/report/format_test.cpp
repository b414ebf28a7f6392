#include "harness/report/format.hpp"

#include <gtest/gtest.h>

namespace {

using namespace benchgate::report;
using benchgate::work_unit;

TEST(Format, SignificantDigitsFollowCriterion) {
  EXPECT_EQ(format_significant(1.24764), "1.2476");
  EXPECT_EQ(format_significant(10.0071), "10.007");
  EXPECT_EQ(format_significant(261.423), "261.42");
  EXPECT_EQ(format_significant(1001.04), "1001.0");
  EXPECT_EQ(format_significant(12345.6), "12346");
  // Tiny values keep their digits (a counter of seconds per item).
  EXPECT_EQ(format_significant(2.01344e-9), "2.0134e-09");
  EXPECT_EQ(format_significant(-0.00012), "-1.2000e-04");
  EXPECT_EQ(format_significant(0.001), "0.0010");
  EXPECT_EQ(format_significant(0), "0.0000");
}

TEST(Format, TimesPickTheirUnit) {
  EXPECT_EQ(format_time_ns(1247.6), "1.2476 µs");
  EXPECT_EQ(format_time_ns(261.42), "261.42 ns");
  EXPECT_EQ(format_time_ns(420.23e6), "420.23 ms");
  EXPECT_EQ(format_time_ns(0.5), "500.00 ps");
}

TEST(Format, ThroughputUsesBinaryPrefixesForBytes) {
  EXPECT_EQ(format_throughput(work_unit::bytes, 5.0044 * 1024 * 1024 * 1024), "5.0044 GiB/s");
  EXPECT_EQ(format_throughput(work_unit::items, 12345678), "12.346 Melem/s");
  EXPECT_EQ(format_throughput(work_unit::none, 1), "");
}

TEST(Format, PercentIsSigned) {
  EXPECT_EQ(format_percent(-0.90594), "-90.594%");
  EXPECT_EQ(format_percent(0.025316), "+2.5316%");
}

TEST(Format, DurationsReadAsMinutesAndHours) {
  EXPECT_EQ(format_duration_s(42), "42s");
  EXPECT_EQ(format_duration_s(192), "3m12s");
  EXPECT_EQ(format_duration_s(3720), "1h02m");
}

TEST(Format, PercentagesKeepCriterionsDigitsAtEveryMagnitude) {
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
