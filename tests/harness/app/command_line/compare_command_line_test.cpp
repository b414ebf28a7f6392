#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "harness/app/command_line.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::options {
namespace {

using ::testing::HasSubstr;

compare_options parse_compare(std::vector<std::string> args) {
  const suite::registry none({});
  args.insert(args.begin(), "compare");
  return std::get<compare_options>(app::parse_command_line(args, none));
}

std::string compare_error(std::vector<std::string> args) {
  return test_support::input_error_message([&] { parse_compare(std::move(args)); });
}

TEST(CompareCommandLine, ACounterTakesItsBuiltInOrDeclaredDirection) {
  const auto rate = parse_compare({"a", "b", "--metric", "items_per_second"});
  EXPECT_EQ(rate.settings.metric, compare::time_metric::counter_named("items_per_second"));
  EXPECT_EQ(rate.settings.direction, results::better::higher);
  const auto hits = parse_compare({"a", "b", "--metric", "hits", "--direction", "hits=higher"});
  EXPECT_EQ(hits.settings.direction, results::better::higher);
}

TEST(CompareCommandLine, TwoInputsWithCriterionsDefaults) {
  const auto o = parse_compare({"old.json", "new.json"});
  EXPECT_THAT(o.inputs, ::testing::ElementsAre("old.json", "new.json"));
  EXPECT_FALSE(o.variants);
  EXPECT_EQ(o.settings.alpha, 0.05);
  EXPECT_EQ(o.settings.noise_threshold, 0.01);
  EXPECT_EQ(o.settings.confidence, 0.95);
  EXPECT_EQ(o.settings.resamples, 100000U);
  EXPECT_EQ(o.settings.correction, stats::correction::holm);
  EXPECT_EQ(o.settings.metric, compare::time_metric::real);
  EXPECT_EQ(o.settings.test, compare::significance_test::welch);
  EXPECT_EQ(o.baseline_dir, "reports/baselines");
  EXPECT_FALSE(o.json_out.has_value());
}

TEST(CompareCommandLine, EverySettingCanBeGiven) {
  const auto o = parse_compare({"a", "b", "--alpha", "0.01", "--noise-threshold", "2%", "--confidence", "0.99",
                                "--resamples", "5000", "--correction", "bh", "--metric", "cpu_time", "--test",
                                "mann_whitney", "--seed", "7", "--baseline-dir", "saved", "--json", "d.json",
                                "--text-out", "d.txt"});
  EXPECT_EQ(o.settings.alpha, 0.01);
  EXPECT_DOUBLE_EQ(o.settings.noise_threshold, 0.02);
  EXPECT_EQ(o.settings.confidence, 0.99);
  EXPECT_EQ(o.settings.resamples, 5000U);
  EXPECT_EQ(o.settings.correction, stats::correction::benjamini_hochberg);
  EXPECT_EQ(o.settings.metric, compare::time_metric::cpu);
  EXPECT_EQ(o.settings.direction, results::better::lower);
  EXPECT_EQ(o.settings.test, compare::significance_test::mann_whitney);
  EXPECT_EQ(o.settings.seed, 7U);
  EXPECT_EQ(o.baseline_dir, "saved");
  EXPECT_EQ(o.json_out, "d.json");
  EXPECT_EQ(o.text_out, "d.txt");
  // A percentage with or without the sign, as everywhere: 3 means 3 %.
  EXPECT_DOUBLE_EQ(parse_compare({"a", "b", "--noise-threshold", "3"}).settings.noise_threshold, 0.03);
  EXPECT_DOUBLE_EQ(parse_compare({"a", "b", "--noise-threshold", "0.5"}).settings.noise_threshold, 0.005);
}

TEST(CompareCommandLine, VariantsTakeOneInputAndRoles) {
  const auto o = parse_compare({"--variants", "run.json", "--base-role", "core", "--new-role", "peer"});
  EXPECT_TRUE(o.variants);
  EXPECT_THAT(o.inputs, ::testing::ElementsAre("run.json"));
  EXPECT_EQ(o.base_role, benchgate::variant_role::core);
  EXPECT_THAT(o.new_roles, ::testing::ElementsAre(benchgate::variant_role::peer));
  const auto defaults = parse_compare({"--variants", "run.json"});
  EXPECT_EQ(defaults.base_role, benchgate::variant_role::baseline);
  EXPECT_THAT(defaults.new_roles, ::testing::ElementsAre(benchgate::variant_role::core, benchgate::variant_role::peer));
}

TEST(CompareCommandLine, MessagesNameTheValueAndWhatWasExpected) {
  EXPECT_EQ(compare_error({"only.json"}),
            "benchgate compare: expected two inputs, OLD and NEW, got 1; see 'benchgate compare --help'");
  EXPECT_EQ(compare_error({"--variants", "a", "b"}),
            "benchgate compare: expected one RESULTS file with --variants, got 2; see 'benchgate compare --help'");
  EXPECT_EQ(compare_error({"a", "b", "--alpha", "1.5"}), "--alpha 1.5: expected a number in (0, 1), e.g. 0.05");
  EXPECT_EQ(compare_error({"a", "b", "--confidence", "95"}), "--confidence 95: expected a number in (0, 1), e.g. 0.95");
  EXPECT_EQ(compare_error({"a", "b", "--noise-threshold", "-1"}),
            "--noise-threshold -1: expected a percentage >= 0: 1 and 1% both mean 1 %");
  EXPECT_EQ(compare_error({"a", "b", "--resamples", "5"}), "--resamples 5: expected an integer from 100 to 10000000");
  EXPECT_EQ(compare_error({"a", "b", "--correction", "bonferroni"}), "--correction bonferroni: expected holm, bh or none");
  EXPECT_EQ(compare_error({"a", "b", "--metric", "wall time"}),
            "--metric wall time: expected real_time, cpu_time, instructions or a counter's name (letters, digits, "
            "_ - . :)");
  // Any name is a counter's; one whose direction nothing says is refused.
  EXPECT_EQ(compare_error({"a", "b", "--metric", "wall"}),
            "--metric wall: which way wall is better is not known (not a time, a count or a rate named "
            "*_per_second); expected --direction wall=higher or --direction wall=lower");
  EXPECT_EQ(compare_error({"a", "b", "--test", "t"}), "--test t: expected welch or mann_whitney");
  EXPECT_EQ(compare_error({"a", "b", "--seed", "-3"}), "--seed -3: expected an integer >= 0");
  EXPECT_EQ(compare_error({"a", "b", "--base-role", "core"}), "--base-role core: only means something with --variants");
  EXPECT_EQ(compare_error({"--variants", "run.json", "--base-role", "core", "--new-role", "core"}),
            "--new-role core: the same role as --base-role core; expected roles other than the base's");
  EXPECT_EQ(compare_error({"--variants", "a", "--new-role", "boss"}), "--new-role boss: expected baseline, core or peer");
  EXPECT_THAT(compare_error({"a", "b", "--bogus"}), HasSubstr("benchgate compare: unrecognised option '--bogus'"));
}

TEST(CompareCommandLine, HelpListsTheOptionsButNotThePositionals) {
  const suite::registry none({});
  const auto help = std::get<app::help_request>(app::parse_command_line({"compare", "--help"}, none));
  EXPECT_THAT(help.text, HasSubstr("Usage: benchgate compare OLD NEW [OPTIONS]"));
  EXPECT_THAT(help.text, HasSubstr("--noise-threshold PCT"));
  EXPECT_THAT(help.text, ::testing::Not(HasSubstr("--input")));
}

}  // namespace
}  // namespace benchgate::options
