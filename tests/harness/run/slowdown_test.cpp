#include "harness/run/slowdown.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "harness/run/runner.hpp"
#include "benchgate/timed_loop.hpp"
#include "tests/harness/run/fake_case.hpp"

namespace benchgate::run {
namespace {

TEST(Slowdown, StepsAreThePercentageOfTheCellTimeInSpinSteps) {
  EXPECT_EQ(spin_steps_for(10, 1000, 0.5), 200U);   // 100 ns of 0.5 ns steps
  EXPECT_EQ(spin_steps_for(10, 1000, 3), 33U);      // rounded
  EXPECT_EQ(spin_steps_for(0, 1000, 0.5), 0U);
  EXPECT_EQ(spin_steps_for(10, 0, 0.5), 0U);
  EXPECT_EQ(spin_steps_for(10, 1000, 0), 0U);
}

TEST(Slowdown, PilotsMeasureSomething) {
  EXPECT_GT(measure_spin_step_ns(), 0);
  const auto cases = testing::sum_registry();
  const auto prepared = cases.find("sum")->prepare(benchgate::param_point(std::vector<std::pair<std::string, std::string>>{{"size", "64"}}));
  const auto pilot = pilot_time_ns(prepared.benches.front().body);
  ASSERT_TRUE(pilot.has_value());
  EXPECT_GT(*pilot, 0);
}

// The two pilots agree with each other: a body of exactly k_steps spin steps
// measures about k_steps spin steps. A ratio of two measurements in the same
// process, so the bound (a factor of 2 either way) holds on a loaded machine
// yet catches a pilot that times the wrong thing (a unit slip of 1000, an
// empty loop, the setup instead of the body).
TEST(Slowdown, APilotOfKnownSpinWorkMeasuresThatManySteps) {
  constexpr std::uint64_t k_steps = 20'000;
  const benchgate::bench_body spinning = [](benchgate::state& state) {
    for (auto _ : state.gbench()) benchgate::detail::spin(k_steps);
  };
  const auto pilot = pilot_time_ns(spinning);
  const double step_ns = measure_spin_step_ns();
  ASSERT_TRUE(pilot.has_value());
  ASSERT_GT(step_ns, 0);
  const double measured_steps = *pilot / step_ns;
  EXPECT_GT(measured_steps, k_steps / 2.0) << "pilot " << *pilot << " ns, step " << step_ns << " ns";
  EXPECT_LT(measured_steps, k_steps * 2.0) << "pilot " << *pilot << " ns, step " << step_ns << " ns";
}

TEST(Slowdown, APilotOfAFailingBodyIsNothing) {
  const benchgate::bench_body failing = [](benchgate::state& state) {
    state.fail("wrong output");
    state.loop([] {});
  };
  EXPECT_FALSE(pilot_time_ns(failing).has_value());
}

TEST(Slowdown, OnlyTheFilteredCellsGetExtraWorkAndSayHowMuch) {
  const auto cases = testing::sum_registry();
  auto options = testing::quick_options();
  options.settings.params = {{"size", {"64"}}};
  options.settings.injected_slowdown_pct = 50;
  options.settings.injected_slowdown_filter = "/core/";
  const auto plan = make_plan(options, cases);
  EXPECT_EQ(plan.config.injected_slowdown_pct, 50);
  EXPECT_EQ(plan.config.injected_slowdown_filter, "/core/");
  struct : run_observer {
    void point_started(std::size_t, std::size_t, const planned_point&) override {}
    void point_finished(std::size_t, std::size_t, const planned_point&, std::span<const results::cell>) override {}
  } quiet;
  const auto cells = execute(plan, quiet);
  ASSERT_EQ(cells.size(), 2U);
  const auto has_steps = [](const results::cell& c) {
    return std::any_of(c.figures.begin(), c.figures.end(),
                       [](const benchgate::figure& f) { return f.name == "injected_spin_steps" && f.value > 0; });
  };
  EXPECT_FALSE(has_steps(cells[0])) << cells[0].name;
  EXPECT_TRUE(has_steps(cells[1])) << cells[1].name;
  EXPECT_EQ(cells[1].samples.size(), 6U);
}

}  // namespace
}  // namespace benchgate::run
