#include "harness/gate/gate_rules_json.hpp"

#include <gtest/gtest.h>

#include <string>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::gate {
namespace {

std::string error_of(const std::string& text) {
  return test_support::input_error_message([&] { parse_gate_rules(text, "rules.json"); });
}

TEST(GateRulesJson, ReadsTheDocumentedExample) {
  const auto r = parse_gate_rules(R"({"schema":"benchgate.rules/1",
   "defaults":{"metric":"cpu_time","warn":3,"fail":5,"max_ci_width":20},
   "rules":[{"match":"http_parse/*","metric":"cpu_time","warn":"5%","fail":"10%"},
            {"match":"versioned_map/*/workload:window/*","fail":15},
            {"match":"page_iter/*","metric":"throughput","fail":"2.5"}],
   "ignore":["*/peer/*"]})",
                                  "rules.json");
  EXPECT_EQ(r.defaults.metric, gate_metric::cpu_time);
  EXPECT_EQ(r.defaults.warn_pct, 3);
  EXPECT_EQ(r.defaults.fail_pct, 5);
  EXPECT_EQ(r.defaults.max_ci_width_pct, 20);
  ASSERT_EQ(r.rules.size(), 3u);
  EXPECT_EQ(r.rules[0].match, "http_parse/*");
  EXPECT_EQ(r.rules[0].set.warn_pct, 5);
  EXPECT_EQ(r.rules[0].set.fail_pct, 10);
  EXPECT_FALSE(r.rules[1].set.metric.has_value());
  EXPECT_FALSE(r.rules[1].set.warn_pct.has_value());
  EXPECT_EQ(r.rules[1].set.fail_pct, 15);
  EXPECT_EQ(r.rules[2].set.metric, gate_metric::throughput);
  EXPECT_EQ(r.rules[2].set.fail_pct, 2.5);
  EXPECT_EQ(r.ignore, std::vector<std::string>{"*/peer/*"});
}

TEST(GateRulesJson, OnlyTheSchemaIsRequired) {
  const auto r = parse_gate_rules(R"({"schema":"benchgate.rules/1"})", "rules.json");
  EXPECT_TRUE(r.rules.empty());
  EXPECT_TRUE(r.ignore.empty());
  EXPECT_FALSE(r.defaults.fail_pct.has_value());
}

TEST(GateRulesJson, NewAndRemovedBenchmarksPassUnlessTheFileSays) {
  const auto defaults = parse_gate_rules(R"({"schema":"benchgate.rules/1"})", "rules.json");
  EXPECT_EQ(defaults.new_cells, one_side_level::pass);
  EXPECT_EQ(defaults.removed_cells, one_side_level::pass);
  const auto set = parse_gate_rules(R"({"schema":"benchgate.rules/1","new":"warn","removed":"fail"})", "rules.json");
  EXPECT_EQ(set.new_cells, one_side_level::warn);
  EXPECT_EQ(set.removed_cells, one_side_level::fail);
}

TEST(GateRulesJson, UnknownKeysNameTheKeyAndItsPath) {
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","threshold":5})"),
            "rules.json: threshold: unknown key; expected one of schema, defaults, rules, ignore, unjudged, new, removed");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","defaults":{"fial":5}})"),
            "rules.json: defaults.fial: unknown key; expected one of metric, direction, warn, fail, max_ci_width");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","rules":[{"match":"a"},{"match":"b","glob":"c"}]})"),
            "rules.json: rules[1].glob: unknown key; expected one of match, metric, direction, warn, fail, max_ci_width");
}

TEST(GateRulesJson, SetsThatCloseAndQuotedBracketsAreGlobs) {
  const auto rules = parse_gate_rules(
      R"({"schema":"benchgate.rules/1","rules":[{"match":"BM_[ab]*"},{"match":"BM_[]x]"},{"match":"BM_\\[x"}]})",
      "rules.json");
  ASSERT_EQ(rules.rules.size(), 3u);
  EXPECT_EQ(rules.rules[1].match, "BM_[]x]");
  EXPECT_EQ(rules.rules[2].match, "BM_\\[x");
}

TEST(GateRulesJson, BadValuesSayWhatWasExpected) {
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/2"})"),
            "rules.json: schema: expected \"benchgate.rules/1\", got \"benchgate.rules/2\"");
  EXPECT_EQ(error_of(R"({"rules":[]})"), "rules.json: schema: expected \"benchgate.rules/1\", but the field is missing");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","rules":[{"match":"a","fail":"five"}]})"),
            "rules.json: rules[0].fail: expected a percentage >= 0: a number (5) or a string (\"5%\"), got \"five\"");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","defaults":{"warn":-1}})"),
            "rules.json: defaults.warn: expected a percentage >= 0: a number (5) or a string (\"5%\"), got -1");
  // Any name is a counter's (its direction is checked when a cell is judged); text that is no name is not.
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","defaults":{"metric":"wall time"}})"),
            "rules.json: defaults.metric: expected one of real_time, cpu_time, instructions, throughput or a "
            "counter's name, got \"wall time\"");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","rules":[{"match":"a","direction":"up"}]})"),
            "rules.json: rules[0].direction: expected \"higher\" or \"lower\" (which way the metric is better), "
            "got \"up\"");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","rules":[{"fail":5}]})"),
            "rules.json: rules[0].match: expected a glob on cell names, e.g. \"page_iter/*\", but the field is missing");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","rules":[{"match":""}]})"),
            "rules.json: rules[0].match: expected a glob on cell names, e.g. \"page_iter/*\", got \"\"");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","ignore":"*/peer/*"})"),
            "rules.json: ignore: expected an array, got \"*/peer/*\"");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","new":"ignore"})"),
            "rules.json: new: expected \"pass\" (the default), \"warn\" or \"fail\", got \"ignore\"");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","removed":1})"),
            "rules.json: removed: expected \"pass\" (the default), \"warn\" or \"fail\", got 1");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","defaults":{"max_ci_width":0}})"),
            "rules.json: defaults.max_ci_width: expected a width > 0 (percent points), got 0");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","rules":[{"match":"a","warn":6,"fail":5}]})"),
            "rules.json: rules[0].warn: expected a level at most the fail level 5.0%, got 6");
  // fnmatch takes an unclosed '[' as itself: the rule would match nothing.
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","rules":[{"match":"BM_[ab"}]})"),
            "rules.json: rules[0].match: expected a glob whose every '[' set ends with ']' (\\\\[ for a '[' "
            "itself), got \"BM_[ab\"");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","ignore":["x[!"]})"),
            "rules.json: ignore: expected a glob whose every '[' set ends with ']' (\\\\[ for a '[' itself), "
            "got [\"x[!\"]");
  // A second "defaults" would replace the first without a word.
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","defaults":{"fail":5},"defaults":{"fail":50}})"),
            "rules.json: the key \"defaults\" appears twice in one object; expected each key once (which of the two "
            "is meant?)");
  EXPECT_EQ(error_of("[1]"), "rules.json: the document: expected a JSON object, got [1]");
  EXPECT_EQ(error_of(R"({"schema":"benchgate.rules/1","defaults":{"fail":1e400}})"),
            "rules.json: number overflow parsing '1e400'; expected finite numbers (of magnitude below 1.8e308)");
  EXPECT_NE(error_of("{").find("rules.json: not valid JSON"), std::string::npos) << error_of("{");
}

}  // namespace
}  // namespace benchgate::gate
