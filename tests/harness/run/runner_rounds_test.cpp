#include <gtest/gtest.h>

#include "harness/run/runner.hpp"
#include "tests/harness/run/fake_case.hpp"

namespace benchgate::run {
namespace {

// Records the order of the observer's calls.
class recording_observer : public run_observer {
 public:
  void point_started(std::size_t index, std::size_t count, const planned_point& point) override {
    started.push_back(std::to_string(index) + "/" + std::to_string(count) + " " + point.point.label());
  }
  void point_finished(std::size_t index, std::size_t count, const planned_point& point,
                      std::span<const results::cell> cells) override {
    finished.push_back(std::to_string(index) + "/" + std::to_string(count) + " " + point.point.label() + " " +
                       std::to_string(cells.front().samples.size()) + " samples");
  }
  std::vector<std::string> started;
  std::vector<std::string> finished;
};

TEST(RunnerRounds, OneRoundTimesEachPointOnce) {
  const auto cases = testing::sum_registry();
  const auto plan = make_plan(testing::quick_options(), cases);
  recording_observer observer;
  const auto cells = execute(plan, observer);
  ASSERT_EQ(cells.size(), 4U);
  for (const auto& c : cells) EXPECT_EQ(c.samples.size(), 6U) << c.name;
  EXPECT_EQ(observer.started, (std::vector<std::string>{"0/2 size:16", "1/2 size:64"}));
  EXPECT_EQ(observer.finished, (std::vector<std::string>{"0/2 size:16 6 samples", "1/2 size:64 6 samples"}));
}

TEST(RunnerRounds, RoundsSplitTheSamplesOverPassesOfTheGrid) {
  const auto cases = testing::sum_registry();
  auto options = testing::quick_options();
  options.settings.samples = 7;
  options.settings.rounds = 3;  // 3 + 2 + 2 samples
  const auto plan = make_plan(options, cases);
  EXPECT_EQ(plan.config.rounds, 3);
  recording_observer observer;
  const auto cells = execute(plan, observer);
  ASSERT_EQ(cells.size(), 4U);
  EXPECT_EQ(cells[0].name, "sum/baseline/size:16");
  for (const auto& c : cells) EXPECT_EQ(c.samples.size(), 7U) << c.name;
  EXPECT_EQ(observer.started, (std::vector<std::string>{"0/6 size:16", "1/6 size:64", "2/6 size:16", "3/6 size:64",
                                                        "4/6 size:16", "5/6 size:64"}));
  EXPECT_EQ(observer.finished, (std::vector<std::string>{"0/2 size:16 7 samples", "1/2 size:64 7 samples"}));
}

TEST(RunnerRounds, MoreRoundsThanSamplesSkipTheEmptyRounds) {
  const auto cases = testing::sum_registry();
  auto options = testing::quick_options();
  options.settings.samples = 2;
  options.settings.rounds = 4;
  options.settings.params = {{"size", {"16"}}};
  recording_observer observer;
  const auto cells = execute(make_plan(options, cases), observer);
  for (const auto& c : cells) EXPECT_EQ(c.samples.size(), 2U) << c.name;
  EXPECT_EQ(observer.started.size(), 2U);
  EXPECT_EQ(observer.finished, (std::vector<std::string>{"0/1 size:16 2 samples"}));
}

}  // namespace
}  // namespace benchgate::run
