// run --precision through the runner: batches until the target or the cap.
#include <gtest/gtest.h>

#include <set>

#include "harness/run/runner.hpp"
#include "tests/harness/run/fake_case.hpp"

namespace benchgate::run {
namespace {

std::optional<double> figure(const results::cell& c, const std::string& name) {
  for (const auto& f : c.figures) {
    if (f.name == name) return f.value;
  }
  return std::nullopt;
}

// How many samples that takes depends on the machine's noise (samples of a
// tiny body on a loaded machine can spread by more than 100 %), so the test
// checks the outcome: at least 10 samples, the target reached, no cap.
TEST(RunnerPrecision, ALooseTargetIsReachedWithoutTheCap) {
  const auto cases = testing::sum_registry();
  auto options = testing::quick_options();
  options.settings.precision_pct = 100;
  options.settings.precision_cap_s = 60;
  testing::silent_observer observer;
  const auto cells = execute(make_plan(options, cases), observer);
  ASSERT_EQ(cells.size(), 4U);
  for (const auto& c : cells) {
    EXPECT_GE(c.samples.size(), 10U) << c.name;
    EXPECT_EQ(figure(c, "stopped_by_cap"), 0.0) << c.name;
    ASSERT_TRUE(figure(c, "ci_half_width_pct").has_value());
    EXPECT_LE(*figure(c, "ci_half_width_pct"), 100.0);
  }
}

TEST(RunnerPrecision, AnUnreachableTargetStopsAtTheCapWithSamplesOfOneSize) {
  const auto cases = testing::sum_registry();
  auto options = testing::quick_options();
  options.settings.params = {{"size", {"16"}}};
  options.settings.precision_pct = 0.01;
  options.settings.precision_cap_s = 0.3;
  testing::silent_observer observer;
  const auto cells = execute(make_plan(options, cases), observer);
  ASSERT_EQ(cells.size(), 2U);
  for (const auto& c : cells) {
    EXPECT_GE(c.samples.size(), 10U) << c.name;
    EXPECT_EQ(figure(c, "stopped_by_cap"), 1.0) << c.name;
    // Later batches reuse the first batch's iterations.
    std::set<std::int64_t> iterations;
    for (const auto& s : c.samples) iterations.insert(s.iterations);
    EXPECT_EQ(iterations.size(), 1U) << c.name;
  }
}

}  // namespace
}  // namespace benchgate::run
