#include "harness/gate/rules.hpp"

#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::gate {
namespace {

gate_rules example_rules() {
  gate_rules r;
  r.defaults.metric = gate_metric::cpu_time;
  r.defaults.warn_pct = 3;
  r.defaults.fail_pct = 5;
  r.defaults.max_ci_width_pct = 20;
  r.rules.push_back({"http_parse/*", {gate_metric::cpu_time, 5.0, 10.0, std::nullopt}});
  r.rules.push_back({"versioned_map/*/workload:window/*", {std::nullopt, std::nullopt, 15.0, std::nullopt}});
  r.rules.push_back({"versioned_map/*", {gate_metric::throughput, 1.0, 2.0, 50.0}});
  r.ignore = {"*/peer/*"};
  return r;
}

TEST(Resolve, FirstMatchingRuleWins) {
  const auto r = resolve(example_rules(), {}, "versioned_map/ring/workload:window/size:10");
  ASSERT_TRUE(r.rule_index.has_value());
  EXPECT_EQ(*r.rule_index, 1u);
  EXPECT_EQ(r.match, "versioned_map/*/workload:window/*");
  EXPECT_DOUBLE_EQ(r.fail_pct, 15);
  // Left out by the rule: from the defaults, not from the later rule.
  EXPECT_EQ(r.metric, gate_metric::cpu_time);
  EXPECT_DOUBLE_EQ(r.warn_pct, 3);
  EXPECT_EQ(r.max_ci_width_pct, 20);
}

TEST(Resolve, LaterRuleAppliesWhenEarlierDoNotMatch) {
  const auto r = resolve(example_rules(), {}, "versioned_map/ring/workload:roots");
  ASSERT_TRUE(r.rule_index.has_value());
  EXPECT_EQ(*r.rule_index, 2u);
  EXPECT_EQ(r.metric, gate_metric::throughput);
  EXPECT_DOUBLE_EQ(r.warn_pct, 1);
  EXPECT_DOUBLE_EQ(r.fail_pct, 2);
  EXPECT_EQ(r.max_ci_width_pct, 50);
}

TEST(Resolve, NoMatchingRuleTakesTheDefaults) {
  const auto r = resolve(example_rules(), {}, "page_iter/core/row_bytes:8");
  EXPECT_FALSE(r.rule_index.has_value());
  EXPECT_EQ(r.metric, gate_metric::cpu_time);
  EXPECT_DOUBLE_EQ(r.fail_pct, 5);
  EXPECT_DOUBLE_EQ(r.warn_pct, 3);
  EXPECT_FALSE(r.ignored);
}

TEST(Resolve, IgnoreGlobsMarkTheCell) {
  const auto r = resolve(example_rules(), {}, "page_iter/peer/row_bytes:8");
  EXPECT_TRUE(r.ignored);
  EXPECT_EQ(r.ignore_match, "*/peer/*");
}

// A typo in a glob otherwise passes the gate without a word.
TEST(IdleRuleNotes, NameRulesAndIgnoreGlobsThatTakeNoCell) {
  auto rules = example_rules();
  rules.rules.push_back({"versioned_map/ring/*", {}});  // rule 2 takes all of these first
  rules.rules.push_back({"http_prase/*", {}});
  rules.ignore.push_back("*/per/*");
  const std::vector<std::string> names = {"http_parse/core/head:small", "versioned_map/ring/workload:roots",
                                          "page_iter/peer/row_bytes:8"};
  EXPECT_EQ(idle_rule_notes(rules, names),
            (std::vector<std::string>{
                "rules[1] (\"match\": \"versioned_map/*/workload:window/*\") matches no cell",
                "rules[3] (\"match\": \"versioned_map/ring/*\") applies to no cell: an earlier rule takes every "
                "cell it matches",
                "rules[4] (\"match\": \"http_prase/*\") matches no cell",
                "ignore[1] (\"*/per/*\") matches no cell"}));
  EXPECT_TRUE(idle_rule_notes(example_rules(), {"http_parse/a", "versioned_map/x/workload:window/y",
                                                "versioned_map/z", "a/peer/b"})
                  .empty());
}

TEST(Resolve, CommandLineFillsWhatTheFileLeavesOut) {
  gate_levels cli;
  cli.fail_pct = 7;
  cli.metric = gate_metric::instructions;
  cli.max_ci_width_pct = 30;
  const auto none = resolve({}, cli, "a/b");
  EXPECT_DOUBLE_EQ(none.fail_pct, 7);
  EXPECT_DOUBLE_EQ(none.warn_pct, 7);  // unset warn: the fail level
  EXPECT_EQ(none.metric, gate_metric::instructions);
  EXPECT_EQ(none.max_ci_width_pct, 30);
  // The command line comes before the file's defaults (but after a rule).
  const auto file = resolve(example_rules(), cli, "page_iter/core/x");
  EXPECT_DOUBLE_EQ(file.fail_pct, 7);
  EXPECT_EQ(file.fail_from, level_source::command_line);
  EXPECT_EQ(file.metric, gate_metric::instructions);
  EXPECT_EQ(file.metric_from, level_source::command_line);
}

TEST(Resolve, BuiltInDefaults) {
  const auto r = resolve({}, {}, "a/b");
  EXPECT_EQ(r.metric, gate_metric::time);
  EXPECT_DOUBLE_EQ(r.fail_pct, k_default_fail_pct);
  EXPECT_DOUBLE_EQ(r.warn_pct, k_default_fail_pct);
  EXPECT_FALSE(r.max_ci_width_pct.has_value());
}

TEST(Resolve, WarnAboveFailIsLoweredToFail) {
  gate_rules r;
  r.defaults.warn_pct = 8;
  r.rules.push_back({"a/*", {std::nullopt, std::nullopt, 4.0, std::nullopt}});
  const auto got = resolve(r, {}, "a/b");
  EXPECT_DOUBLE_EQ(got.fail_pct, 4);
  EXPECT_DOUBLE_EQ(got.warn_pct, 4);
}

TEST(Resolve, DirectionFromTheRuleTheCommandLineOrBuiltIn) {
  gate_rules r;
  r.rules.push_back({"a/*", {gate_metric::counter_named("hits"), std::nullopt, std::nullopt, std::nullopt,
                             results::better::higher}});
  EXPECT_EQ(resolve(r, {}, "a/b").direction, results::better::higher);
  gate_levels cli;
  cli.metric = gate_metric::counter_named("misses");
  cli.declared = {{"misses", results::better::lower}};
  EXPECT_EQ(resolve(r, cli, "b/c").direction, results::better::lower);
  EXPECT_EQ(resolve({}, {}, "b/c").direction, results::better::lower);  // real_time
  cli.metric = gate_metric::throughput;
  EXPECT_EQ(resolve({}, cli, "b/c").direction, results::better::higher);
  cli.metric = gate_metric::counter_named("bytes_per_second");
  EXPECT_EQ(resolve({}, cli, "b/c").direction, results::better::higher);
}

TEST(Resolve, ACounterWithoutADirectionIsAnInputError) {
  gate_levels cli;
  cli.metric = gate_metric::counter_named("hits");
  try {
    resolve({}, cli, "a/b");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "cell a/b: gated on hits (from the command line), whose better direction is not known "
                           "(not a time, a count or a rate named *_per_second); expected --direction hits=higher|lower "
                           "or \"direction\": \"higher\" or \"lower\" beside the rule's \"metric\"");
  }
}

TEST(MetricsNeeded, ThroughputAlsoComparesTheRatesTheSidesCarry) {
  gate_levels cli;
  cli.metric = gate_metric::throughput;
  const auto got = metrics_needed({"a/b"}, {}, cli, {"items_per_second"});
  EXPECT_EQ(got.metrics, (std::vector<compare::time_metric>{compare::time_metric::real,
                                                            compare::time_metric::counter_named("items_per_second")}));
}

TEST(ComparedMetric, ThroughputComparesWallTime) {
  EXPECT_EQ(compared_metric(gate_metric::counter_named("hits")), compare::time_metric::counter_named("hits"));
  EXPECT_EQ(compared_metric(gate_metric::time), compare::time_metric::real);
  EXPECT_EQ(compared_metric(gate_metric::throughput), compare::time_metric::real);
  EXPECT_EQ(compared_metric(gate_metric::cpu_time), compare::time_metric::cpu);
  EXPECT_EQ(compared_metric(gate_metric::instructions), compare::time_metric::instructions);
}

TEST(MetricsNeeded, OneComparisonPerMetricTheRulesUseInOrderOfFirstUse) {
  // http_parse/*: cpu_time; versioned_map/* (not a window): throughput, so
  // wall time; page_iter/core: the defaults' cpu_time again; */peer/*: ignored.
  const auto got = metrics_needed({"http_parse/scalar/size:1", "versioned_map/ring/workload:roots",
                                   "page_iter/core/row_bytes:8", "page_iter/peer/row_bytes:8"},
                                  example_rules(), {});
  EXPECT_EQ(got.metrics, (std::vector<compare::time_metric>{compare::time_metric::cpu, compare::time_metric::real}));
  EXPECT_TRUE(got.chosen);
}

TEST(MetricsNeeded, WithoutRulesTheBuiltInMetricIsNotChosen) {
  const auto got = metrics_needed({"a/b", "c/d"}, {}, {});
  EXPECT_EQ(got.metrics, std::vector<compare::time_metric>{compare::time_metric::real});
  EXPECT_FALSE(got.chosen);
}

TEST(MetricsNeeded, TheCommandLinesMetricIsChosen) {
  gate_levels command_line;
  command_line.metric = gate_metric::instructions;
  const auto got = metrics_needed({"a/b"}, {}, command_line);
  EXPECT_EQ(got.metrics, std::vector<compare::time_metric>{compare::time_metric::instructions});
  EXPECT_TRUE(got.chosen);
}

TEST(MetricsNeeded, EveryCellIgnoredComparesTheCommandLinesMetric) {
  gate_rules rules;
  rules.ignore = {"*"};
  EXPECT_EQ(metrics_needed({"a/b"}, rules, {}).metrics, std::vector<compare::time_metric>{compare::time_metric::real});
  gate_levels command_line;
  command_line.metric = gate_metric::cpu_time;
  const auto got = metrics_needed({"a/b"}, rules, command_line);
  EXPECT_EQ(got.metrics, std::vector<compare::time_metric>{compare::time_metric::cpu});
  EXPECT_TRUE(got.chosen);
}

}  // namespace
}  // namespace benchgate::gate
