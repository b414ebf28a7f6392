#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "harness/app/command_line.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::options {
namespace {

run_options parse_run_without_cases(std::vector<std::string> args) {
  const suite::registry none({});
  args.insert(args.begin(), "run");
  return std::get<run_options>(app::parse_command_line(args, none));
}

std::string run_error(std::vector<std::string> args) {
  return test_support::input_error_message([&] { parse_run_without_cases(std::move(args)); });
}

TEST(RunBaselineOptions, BaselinesAndTheirFolder) {
  const auto o = parse_run_without_cases({"--save-baseline", "main", "--baseline", "v1.2", "--baseline-dir", "b"});
  EXPECT_EQ(o.save_baseline, "main");
  EXPECT_EQ(o.baseline, "v1.2");
  EXPECT_EQ(o.baseline_dir, "b");
  EXPECT_EQ(parse_run_without_cases({}).baseline_dir, "reports/baselines");
}

TEST(RunBaselineOptions, ABaselineNameCannotLeaveItsFolder) {
  EXPECT_EQ(run_error({"--save-baseline", "../main"}),
            "--save-baseline ../main: expected a name of 1 to 100 letters, digits, '.', '_' or '-', not starting "
            "with '.'");
}

TEST(RunBaselineOptions, RoundsAndTheInjectedSlowdown) {
  const auto o = parse_run_without_cases({"--rounds", "5", "--inject-slowdown", "10%", "--inject-filter", "density:0.5$"});
  EXPECT_EQ(o.settings.rounds, 5);
  EXPECT_EQ(o.settings.injected_slowdown_pct, 10);
  EXPECT_EQ(o.settings.injected_slowdown_filter, "density:0.5$");
  EXPECT_EQ(parse_run_without_cases({}).settings.rounds, 1);
  EXPECT_EQ(parse_run_without_cases({}).settings.injected_slowdown_pct, 0);
}

TEST(RunBaselineOptions, MessagesNameTheValueAndWhatWasExpected) {
  EXPECT_EQ(run_error({"--rounds", "0"}), "--rounds 0: expected an integer from 1 to 100000");
  EXPECT_EQ(run_error({"--inject-slowdown", "0"}), "--inject-slowdown 0: expected a percentage in (0, 1000], e.g. 10");
  EXPECT_EQ(run_error({"--inject-filter", "core"}), "--inject-filter core: only means something with --inject-slowdown PCT");
  EXPECT_EQ(run_error({"--inject-slowdown", "10", "--inject-filter", "("}).rfind("--inject-filter (: not a valid", 0),
            0U);
}

}  // namespace
}  // namespace benchgate::options
