#include "harness/stats/change.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace benchgate::stats {
namespace {

TEST(Change, RelativeChangeIsNewOverBaseMinusOne) {
  EXPECT_DOUBLE_EQ(relative_change(100, 110), 0.1);
  EXPECT_DOUBLE_EQ(relative_change(100, 50), -0.5);
}

TEST(Change, ZeroBaseFollowsComparePy) {
  EXPECT_EQ(relative_change(0, 0), 0);
  EXPECT_DOUBLE_EQ(relative_change(0, 5), 2);  // (5 - 0) / ((5 + 0) / 2)
}

TEST(Change, ThroughputChangeInvertsTheTimeChange) {
  EXPECT_DOUBLE_EQ(*throughput_change(-0.5), 1.0);   // half the time: twice the rate
  EXPECT_DOUBLE_EQ(*throughput_change(1.0), -0.5);
  EXPECT_DOUBLE_EQ(*throughput_change(0), 0);
  EXPECT_FALSE(throughput_change(-1).has_value());
}

TEST(Change, VerdictFollowsCriterion) {
  const double alpha = 0.05;
  const double theta = 0.01;
  EXPECT_EQ(judge(0.05, alpha, {0.2, 0.1, 0.3, 0}, theta), verdict::no_change);  // p >= alpha
  EXPECT_EQ(judge(0.01, alpha, {-0.2, -0.3, -0.1, 0}, theta), verdict::improved);
  EXPECT_EQ(judge(0.01, alpha, {0.2, 0.1, 0.3, 0}, theta), verdict::regressed);
  EXPECT_EQ(judge(0.01, alpha, {0.02, 0.005, 0.03, 0}, theta), verdict::within_noise);
  EXPECT_EQ(judge(0.01, alpha, {0.02, 0.01, 0.03, 0}, theta), verdict::within_noise)
      << "a bound on the threshold is not beyond it";
}

TEST(Change, VerdictNamesAndSentences) {
  EXPECT_EQ(verdict_sentence(verdict::regressed), "Performance has regressed.");
  EXPECT_EQ(verdict_sentence(verdict::improved), "Performance has improved.");
  EXPECT_EQ(verdict_sentence(verdict::no_change), "No change in performance detected.");
  EXPECT_EQ(verdict_sentence(verdict::within_noise), "Change within noise threshold.");
  for (const auto v : {verdict::no_change, verdict::improved, verdict::regressed, verdict::within_noise}) {
    EXPECT_EQ(parse_verdict(to_string(v)), v);
  }
  EXPECT_FALSE(parse_verdict("better").has_value());
}

TEST(Change, EstimatesPairResamplesOfBothSides) {
  const std::vector<double> base = {100, 100};
  const std::vector<double> next = {110, 110};
  sample_distributions b;
  b.mean = {100, 100, 100};
  b.median = {100, 100, 100};
  sample_distributions n;
  n.mean = {90, 110, 130};
  n.median = {110, 110, 110};
  const auto c = estimate_change(base, next, b, n, 0.5, true);
  EXPECT_DOUBLE_EQ(c.mean.estimate, 0.1);
  EXPECT_NEAR(c.mean.lower, 0.0, 1e-15);  // P25 of -0.1 0.1 0.3
  EXPECT_DOUBLE_EQ(c.mean.upper, 0.2);   // P75
  EXPECT_DOUBLE_EQ(c.median.estimate, 0.1);
  ASSERT_TRUE(c.throughput.has_value());
  EXPECT_DOUBLE_EQ(c.throughput->estimate, 1 / 1.1 - 1);
  EXPECT_LT(c.throughput->lower, c.throughput->estimate);
  EXPECT_GT(c.throughput->upper, c.throughput->estimate);
}

TEST(Change, NoThroughputChangeWhenANewTimeIsZero) {
  const std::vector<double> base = {100};
  const std::vector<double> next = {0};
  sample_distributions b;
  b.mean = {100};
  b.median = {100};
  sample_distributions n;
  n.mean = {0};
  n.median = {0};
  const auto c = estimate_change(base, next, b, n, 0.95, true);
  EXPECT_DOUBLE_EQ(c.mean.estimate, -1);
  EXPECT_FALSE(c.throughput.has_value());
}

}  // namespace
}  // namespace benchgate::stats
