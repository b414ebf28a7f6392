#include "harness/calibrate/noise_floor.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace benchgate::calibrate {
namespace {

compare::cell_diff changed(const std::string& name, double estimate, double half, stats::verdict verdict) {
  compare::cell_diff c;
  c.name = name;
  c.mean_change = {estimate, estimate - half, estimate + half, 0.95};
  c.verdict = verdict;
  return c;
}

compare::diff diff_of(std::vector<compare::cell_diff> cells) {
  compare::diff d;
  d.cells = std::move(cells);
  return d;
}

TEST(NoiseFloor, CountsFalseAlarmsAndDetectionsPerCell) {
  using stats::verdict;
  const std::vector<compare::diff> aa = {
      diff_of({changed("a", 0.004, 0.006, verdict::no_change), changed("b", -0.03, 0.01, verdict::improved)}),
      diff_of({changed("a", -0.002, 0.004, verdict::no_change), changed("b", 0.01, 0.02, verdict::no_change)}),
  };
  const std::vector<compare::diff> bc = {
      diff_of({changed("a", 0.10, 0.01, verdict::regressed), changed("b", 0.09, 0.03, verdict::regressed)}),
      diff_of({changed("a", 0.11, 0.008, verdict::regressed), changed("b", 0.05, 0.06, verdict::no_change)}),
  };
  calibration c;
  c.compared.noise_threshold = 0.01;
  summarize(c, aa, bc);
  ASSERT_EQ(c.cells.size(), 2U);
  const auto& a = c.cells[0];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.repeats, 2U);
  EXPECT_EQ(a.false_alarms, 0U);
  EXPECT_EQ(a.detections, 2U);
  EXPECT_NEAR(a.aa_abs_change_p95, 0.002 + 0.95 * 0.002, 1e-12);  // linear between 0.002 and 0.004
  EXPECT_NEAR(a.injected_change, 0.105, 1e-12);
  // By hand: A/A half-widths 0.006 and 0.004, P95 0.004 + 0.95 x 0.002 =
  // 0.0059; injected 0.01 and 0.008, P95 0.0099; smallest detectable =
  // threshold 0.01 + the larger, 0.0099, + the A/A shift's P95, 0.0039.
  EXPECT_NEAR(a.aa_half_width_p95, 0.0059, 1e-12);
  EXPECT_NEAR(a.injected_half_width_p95, 0.0099, 1e-12);
  EXPECT_NEAR(a.smallest_detectable, 0.0238, 1e-12);
  EXPECT_DOUBLE_EQ(a.suggested_threshold, 0.01);  // 1.5 x 0.0039 < 1 %
  const auto& b = c.cells[1];
  EXPECT_EQ(b.false_alarms, 1U);
  EXPECT_EQ(b.detections, 1U);
  EXPECT_DOUBLE_EQ(b.suggested_threshold, 0.05);  // 1.5 x 0.029 = 4.35 % -> 5 %
  EXPECT_EQ(c.comparisons, 4U);
  EXPECT_EQ(c.false_alarms, 1U);
  EXPECT_EQ(c.detections, 3U);
}

TEST(NoiseFloor, SkippedCellsAreListedOnce) {
  auto d = diff_of({});
  d.not_compared.push_back({"x", "the new side failed: boom"});
  const std::vector<compare::diff> aa = {d, d};
  const std::vector<compare::diff> bc = {d, d};
  calibration c;
  summarize(c, aa, bc);
  EXPECT_TRUE(c.cells.empty());
  EXPECT_EQ(c.not_compared, std::vector<std::string>{"x: the new side failed: boom"});
}

TEST(NoiseFloor, SuggestedThresholdRoundsUpToAWholePercent) {
  EXPECT_DOUBLE_EQ(suggested_threshold(0.01, 0.0), 0.01);
  EXPECT_DOUBLE_EQ(suggested_threshold(0.01, 0.02), 0.03);
  EXPECT_DOUBLE_EQ(suggested_threshold(0.01, 0.0201), 0.04);
  EXPECT_DOUBLE_EQ(suggested_threshold(0.025, 0.001), 0.03);
}

}  // namespace
}  // namespace benchgate::calibrate
