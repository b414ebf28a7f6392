#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "harness/options/command_line.hpp"

namespace benchgate::options {
namespace {

run_options parse_run(std::vector<std::string> args) {
  const suite::registry none({});
  args.insert(args.begin(), "run");
  return std::get<run_options>(parse_command_line(args, none));
}

std::string error_of(std::vector<std::string> args) {
  try {
    parse_run(std::move(args));
  } catch (const input_error& e) {
    return e.what();
  }
  return "";
}

TEST(RunBaselineOptions, BaselinesAndTheirFolder) {
  const auto o = parse_run({"--save-baseline", "main", "--baseline", "v1.2", "--baseline-dir", "b"});
  EXPECT_EQ(o.save_baseline, "main");
  EXPECT_EQ(o.baseline, "v1.2");
  EXPECT_EQ(o.baseline_dir, "b");
  EXPECT_EQ(parse_run({}).baseline_dir, "reports/baselines");
}

TEST(RunBaselineOptions, ABaselineNameCannotLeaveItsFolder) {
  EXPECT_EQ(error_of({"--save-baseline", "../main"}),
            "--save-baseline ../main: expected a name of 1 to 100 letters, digits, '.', '_' or '-', not starting "
            "with '.'");
}

TEST(RunBaselineOptions, RoundsAndTheInjectedSlowdown) {
  const auto o = parse_run({"--rounds", "5", "--inject-slowdown", "10%", "--inject-filter", "density:0.5$"});
  EXPECT_EQ(o.settings.rounds, 5);
  EXPECT_EQ(o.settings.injected_slowdown_pct, 10);
  EXPECT_EQ(o.settings.injected_slowdown_filter, "density:0.5$");
  EXPECT_EQ(parse_run({}).settings.rounds, 1);
  EXPECT_EQ(parse_run({}).settings.injected_slowdown_pct, 0);
}

TEST(RunBaselineOptions, MessagesNameTheValueAndWhatWasExpected) {
  EXPECT_EQ(error_of({"--rounds", "0"}), "--rounds 0: expected an integer >= 1");
  EXPECT_EQ(error_of({"--inject-slowdown", "0"}), "--inject-slowdown 0: expected a percentage in (0, 1000], e.g. 10");
  EXPECT_EQ(error_of({"--inject-filter", "core"}), "--inject-filter core: only means something with --inject-slowdown PCT");
  EXPECT_EQ(error_of({"--inject-slowdown", "10", "--inject-filter", "("}).rfind("--inject-filter (: not a valid", 0),
            0U);
}

}  // namespace
}  // namespace benchgate::options
