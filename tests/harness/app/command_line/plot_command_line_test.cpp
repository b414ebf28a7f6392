#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "harness/app/command_line.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::options {
namespace {

using ::testing::HasSubstr;

app::command parse_without_cases(const std::vector<std::string>& args) {
  const suite::registry none({});
  return app::parse_command_line(args, none);
}

std::string plot_error(const std::vector<std::string>& args) {
  return test_support::input_error_message([&] { parse_without_cases(args); });
}

TEST(PlotCommandLine, InputFolderAndGateThreshold) {
  const auto o = std::get<plot_options>(parse_without_cases({"plot", "diff.json", "--out", "charts", "--gate-threshold", "5%"}));
  EXPECT_EQ(o.input, "diff.json");
  EXPECT_EQ(o.out_dir, "charts");
  ASSERT_TRUE(o.gate_threshold.has_value());
  EXPECT_DOUBLE_EQ(*o.gate_threshold, 0.05);
  // 10 and 10% both mean 10 %, as every percentage option reads.
  EXPECT_DOUBLE_EQ(*std::get<plot_options>(parse_without_cases({"plot", "r.json", "--out", "c", "--gate-threshold", "10"}))
                        .gate_threshold,
                   0.1);
  EXPECT_FALSE(std::get<plot_options>(parse_without_cases({"plot", "r.json", "--out", "c"})).gate_threshold.has_value());
}

TEST(PlotCommandLine, UsageErrorsNameTheOption) {
  EXPECT_EQ(plot_error({"plot", "a.json", "b.json", "--out", "c"}),
            "benchgate plot: expected one RESULTS_OR_DIFF file, got 2; see 'benchgate plot --help'");
  EXPECT_EQ(plot_error({"plot", "a.json", "--out", ""}), "--out: expected a folder, got ''");
  EXPECT_EQ(plot_error({"plot", "a.json", "--out", "c", "--gate-threshold", "x"}),
            "--gate-threshold x: expected a percentage >= 0: 5 and 5% both mean 5 %");
}

TEST(ReportCommandLine, ResultsOptionalDiffAndFolder) {
  const auto o = std::get<report_options>(parse_without_cases({"report", "r.json", "--diff", "d.json", "--out", "rep"}));
  EXPECT_EQ(o.results, "r.json");
  EXPECT_EQ(o.diff, "d.json");
  EXPECT_EQ(o.out_dir, "rep");
  EXPECT_FALSE(std::get<report_options>(parse_without_cases({"report", "r.json", "--out", "rep"})).diff.has_value());
  EXPECT_EQ(plot_error({"report", "r.json", "--diff", "", "--out", "rep"}), "--diff: expected a file name, got ''");
  EXPECT_EQ(plot_error({"report", "--out", "rep"}),
            "benchgate report: expected one RESULTS file, got 0; see 'benchgate report --help'");
}

TEST(PlotCommandLine, HelpDescribesTheChartsAndExitCodes) {
  const auto help = std::get<app::help_request>(parse_without_cases({"plot", "--help"})).text;
  EXPECT_THAT(help, HasSubstr("benchgate plot RESULTS_OR_DIFF --out DIR"));
  EXPECT_THAT(help, HasSubstr("--gate-threshold"));
  EXPECT_THAT(std::get<app::help_request>(parse_without_cases({"report", "--help"})).text, HasSubstr("DIR/index.html"));
}

}  // namespace
}  // namespace benchgate::options
