#include "harness/gate/judge.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "harness/support/errors/input_error.hpp"
#include "tests/harness/gate/test_diffs.hpp"

namespace benchgate::gate {
namespace {

using testing::cell;
using testing::diff_of;

constexpr double k_alpha = 0.05;

resolved_rule levels(double warn, double fail, std::optional<double> max_width = std::nullopt,
                     gate_metric metric = gate_metric::time) {
  resolved_rule r;
  r.warn_pct = warn;
  r.fail_pct = fail;
  r.max_ci_width_pct = max_width;
  r.metric = metric;
  return r;
}

TEST(JudgeCell, FailsWhenSignificantAndTheWholeCiIsBeyondTheFailLevel) {
  const auto j = judge_cell(cell("a", 6, 8, 10, 0.001), levels(3, 5), k_alpha);
  EXPECT_EQ(j.status, cell_status::fail);
  EXPECT_DOUBLE_EQ(*j.change_pct, 8);
  EXPECT_DOUBLE_EQ(*j.lower_pct, 6);
  EXPECT_DOUBLE_EQ(*j.upper_pct, 10);
  EXPECT_DOUBLE_EQ(*j.p_value, 0.001);
  EXPECT_NE(j.reason.find("beyond the fail level 5%"), std::string::npos) << j.reason;
}

TEST(JudgeCell, EstimateBeyondFailButCiNotIsSuspectWarn) {
  const auto j = judge_cell(cell("a", 4, 8, 12, 0.001), levels(5, 5), k_alpha);
  EXPECT_EQ(j.status, cell_status::warn);
  EXPECT_NE(j.reason.find("suspect"), std::string::npos) << j.reason;
}

TEST(JudgeCell, NotSignificantNeverFails) {
  // The whole CI is beyond 5 % but the test is not significant: a suspect,
  // and the reason says which of the two held (it said "but not its CI").
  const auto j = judge_cell(cell("a", 6, 8, 10, 0.2), levels(3, 5), k_alpha);
  EXPECT_EQ(j.status, cell_status::warn);
  EXPECT_EQ(j.reason,
            "suspect: regression CI lower bound +6.00% beyond the fail level 5% of the defaults, but not significant "
            "(p 0.2, alpha 0.05)");
  const auto estimate_only = judge_cell(cell("a", 4, 8, 12, 0.2), levels(3, 5), k_alpha);
  EXPECT_EQ(estimate_only.reason,
            "suspect: estimate +8.00% beyond the fail level 5% of the defaults, but not its CI (and not significant)");
}

// A suspect whose interval includes no change and that is not significant
// is nothing to warn a reviewer of: it passes, and says why.
TEST(JudgeCell, ASuspectWhoseCiIncludesNoChangeAndNotSignificantPasses) {
  const auto j = judge_cell(cell("a", -3, 8, 19, 0.4), levels(5, 5), k_alpha);
  EXPECT_EQ(j.status, cell_status::pass);
  EXPECT_EQ(j.reason,
            "within the levels of the defaults: the estimate +8.00% is beyond the fail level 5%, but its CI includes "
            "no change and it is not significant (p 0.4)");
  // Significant, or an interval above zero: still a suspect.
  EXPECT_EQ(judge_cell(cell("a", 0.5, 8, 15, 0.4), levels(5, 5), k_alpha).status, cell_status::warn);
}

TEST(JudgeCell, WarnLevel) {
  const auto j = judge_cell(cell("a", 3.5, 4, 4.5, 0.001), levels(3, 5), k_alpha);
  EXPECT_EQ(j.status, cell_status::warn);
  EXPECT_NE(j.reason.find("warn level 3%"), std::string::npos) << j.reason;
}

TEST(JudgeCell, WithinLevelsPasses) {
  EXPECT_EQ(judge_cell(cell("a", 1, 2, 3, 0.001), levels(3, 5), k_alpha).status, cell_status::pass);
  EXPECT_EQ(judge_cell(cell("a", -1, 0, 1, 0.9), levels(3, 5), k_alpha).status, cell_status::pass);
}

TEST(JudgeCell, ImprovementsNeverFail) {
  const auto j = judge_cell(cell("a", -40, -30, -20, 0.0001), levels(0, 0), k_alpha);
  EXPECT_EQ(j.status, cell_status::improved);
}

TEST(JudgeCell, WideCiIsUnstableUnlessClearlyFailing) {
  const auto wide = judge_cell(cell("a", -20, 2, 25, 0.5), levels(3, 5, 20.0), k_alpha);
  EXPECT_EQ(wide.status, cell_status::unstable);
  EXPECT_EQ(wide.reason, "CI width 45.00 points above max_ci_width 20% of the defaults");
  // A clear failure stays a failure however wide.
  EXPECT_EQ(judge_cell(cell("a", 10, 30, 60, 0.001), levels(3, 5, 20.0), k_alpha).status, cell_status::fail);
  // Narrow enough: judged as usual.
  EXPECT_EQ(judge_cell(cell("a", -5, 2, 9, 0.5), levels(3, 5, 20.0), k_alpha).status, cell_status::pass);
}

TEST(JudgeCell, DeterministicCellsAreSignificantByThreshold) {
  const auto fail = judge_cell(cell("a", 6, 6, 6, 1.0, true), levels(3, 5), k_alpha);
  EXPECT_EQ(fail.status, cell_status::fail);
  EXPECT_TRUE(fail.deterministic);
  EXPECT_FALSE(fail.p_value.has_value());
  EXPECT_EQ(judge_cell(cell("a", 4, 4, 4, 1.0, true), levels(3, 5), k_alpha).status, cell_status::warn);
  EXPECT_EQ(judge_cell(cell("a", 0, 0, 0, 1.0, true), levels(3, 5), k_alpha).status, cell_status::pass);
}

TEST(JudgeCell, ThroughputGatesOnTheDrop) {
  // Time +25 %: throughput -20 %; fail level 10 % of throughput.
  const auto j = judge_cell(cell("a", 20, 25, 30, 0.001), levels(5, 10, std::nullopt, gate_metric::throughput),
                            k_alpha);
  EXPECT_EQ(j.status, cell_status::fail);
  EXPECT_NEAR(*j.change_pct, -20, 1e-9);
  EXPECT_NEAR(*j.lower_pct, 100.0 / 1.30 - 100, 1e-9);
  EXPECT_NEAR(*j.upper_pct, 100.0 / 1.20 - 100, 1e-9);
  // Time +10 %: a throughput drop of 9.09 %, below a fail level of 10 %.
  const auto k = judge_cell(cell("a", 10, 10, 10, 1, true), levels(5, 10, std::nullopt, gate_metric::throughput),
                            k_alpha);
  EXPECT_EQ(k.status, cell_status::warn);
}

// A cell of a counter whose means were `old_mean` and `new_mean`.
compare::cell_diff counter_cell(const std::string& name, double lower_pct, double estimate_pct, double upper_pct,
                                double p, double old_mean = 1000, double new_mean = 700) {
  auto c = cell(name, lower_pct, estimate_pct, upper_pct, p);
  c.old_side.mean.estimate = old_mean;
  c.new_side.mean.estimate = new_mean;
  return c;
}

TEST(JudgeCell, AHigherIsBetterCounterFailsOnItsDropInItsOwnWords) {
  // hits -30 % [-32, -28]: a drop of at least 28 % against a fail level of 5 %.
  auto rule = levels(5, 5, std::nullopt, gate_metric::counter_named("hits"));
  rule.direction = results::better::higher;
  const auto hits = compare::time_metric::counter_named("hits");
  const auto j = judge_cell(counter_cell("a", -32, -30, -28, 0.001), rule, k_alpha, hits);
  EXPECT_EQ(j.status, cell_status::fail);
  EXPECT_NEAR(*j.change_pct, -30, 1e-9);
  EXPECT_NEAR(*j.lower_pct, -32, 1e-9);
  EXPECT_NEAR(*j.upper_pct, -28, 1e-9);
  EXPECT_EQ(j.reason, "drop CI upper bound -28.00% beyond the fail level -5% of the defaults");
  // The same counter rising 30 % is an improvement.
  EXPECT_EQ(judge_cell(counter_cell("a", 28, 30, 32, 0.001), rule, k_alpha, hits).status, cell_status::improved);
  // Lower is better: the rise fails, in the time's words.
  rule.direction = results::better::lower;
  const auto k = judge_cell(counter_cell("a", 28, 30, 32, 0.001), rule, k_alpha, hits);
  EXPECT_EQ(k.status, cell_status::fail);
  EXPECT_EQ(k.reason, "regression CI lower bound +28.00% beyond the fail level 5% of the defaults");
}

TEST(JudgeCell, RegressionOfEachDirection) {
  const auto c = cell("a", -32, -30, -28, 0.001);
  const auto higher = regression_of(c, gate_metric::counter_named("hits"), results::better::higher,
                                    compare::time_metric::counter_named("hits"));
  EXPECT_NEAR(higher.lower, 28, 1e-9);
  EXPECT_NEAR(higher.estimate, 30, 1e-9);
  EXPECT_NEAR(higher.upper, 32, 1e-9);
  const auto lower = regression_of(c, gate_metric::time, results::better::lower);
  EXPECT_NEAR(lower.lower, -32, 1e-9);
  // Throughput judged on a rate is the rate's own drop, not one from time.
  const auto rate = regression_of(c, gate_metric::throughput, results::better::higher,
                                  compare::time_metric::counter_named("items_per_second"));
  EXPECT_NEAR(rate.estimate, 30, 1e-9);
}

TEST(JudgeCell, ACounterFromZeroShowsTheAbsoluteChange) {
  auto c = cell("a", 190, 200, 200, 0.001);
  c.old_side.mean.estimate = 0;
  c.new_side.mean.estimate = 4;
  auto rule = levels(5, 5, std::nullopt, gate_metric::counter_named("errors"));
  const auto j = judge_cell(c, rule, k_alpha, compare::time_metric::counter_named("errors"));
  EXPECT_EQ(j.status, cell_status::fail);
  EXPECT_EQ(j.change_abs, 4);
  EXPECT_EQ(j.reason, "rise (+4: from 0 to 4) beyond the fail level 5% of the defaults");
}

TEST(JudgeCell, ThroughputWithoutWorkGetsANote) {
  const auto j = judge_cell(cell("a", 1, 2, 3, 0.5), levels(5, 5, std::nullopt, gate_metric::throughput), k_alpha);
  EXPECT_EQ(j.status, cell_status::pass);
  EXPECT_EQ(j.reason, "within the levels of the defaults; note: no throughput (no work per iteration, no "
                      "items_per_second or bytes_per_second): judged as iterations per second, 1 / real_time");
}

TEST(Judge, ThroughputIsJudgedOnARateTheCellCarries) {
  gate_levels cli;
  cli.metric = gate_metric::throughput;
  // Equal time, items_per_second -30 %: the rate decides.
  const std::vector<compare::diff> d = {
      diff_of({cell("BM_a", -1, 0, 1, 0.9), cell("BM_b", -1, 0, 1, 0.9)}),
      diff_of({counter_cell("BM_a", -32, -30, -28, 0.001)},
              compare::time_metric::counter_named("items_per_second"))};
  const auto v = judge(d, {}, cli);
  ASSERT_EQ(v.cells.size(), 2u);
  EXPECT_EQ(v.cells[0].status, cell_status::fail);
  EXPECT_EQ(v.cells[0].reason,
            "drop CI upper bound -28.00% beyond the fail level -5% of the defaults (on items_per_second)");
  EXPECT_EQ(v.cells[1].status, cell_status::pass);
  EXPECT_EQ(v.exit, exit_code::regression);
}

TEST(Judge, ACellWithoutTheCounterIsListedNotJudged) {
  gate_levels cli;
  cli.metric = gate_metric::counter_named("hits");
  cli.declared = {{"hits", results::better::higher}};
  auto d = diff_of({}, compare::time_metric::counter_named("hits"));
  d.not_compared.push_back({"BM_plain", "no hits in NEW", compare::skip_kind::no_metric});
  const auto v = judge(std::vector<compare::diff>{d}, {}, cli);
  ASSERT_EQ(v.cells.size(), 1u);
  EXPECT_EQ(v.cells[0].status, cell_status::unjudged);
  EXPECT_EQ(v.cells[0].reason, "no hits in NEW; cannot judge");
}

TEST(Judge, ExitCodes) {
  const gate_rules rules;
  gate_levels cli;
  cli.fail_pct = 5;
  cli.max_ci_width_pct = 20;
  const std::vector<compare::diff> pass = {diff_of({cell("a", 1, 2, 3, 0.01), cell("b", -9, -8, -7, 0.01)})};
  EXPECT_EQ(judge(pass, rules, cli).exit, exit_code::ok);
  const std::vector<compare::diff> unstable = {diff_of({cell("a", 1, 2, 3, 0.01), cell("b", -30, 0, 30, 0.9)})};
  EXPECT_EQ(judge(unstable, rules, cli).exit, exit_code::unstable);
  const std::vector<compare::diff> fail = {
      diff_of({cell("a", 6, 7, 8, 0.01), cell("b", -30, 0, 30, 0.9), cell("c", 4, 8, 12, 0.01)})};
  const auto v = judge(fail, rules, cli);
  EXPECT_EQ(v.exit, exit_code::regression);
  EXPECT_EQ(v.totals.cells, 3u);
  EXPECT_EQ(v.totals.fail, 1u);
  EXPECT_EQ(v.totals.unstable, 1u);
  EXPECT_EQ(v.totals.warn, 1u);
}

TEST(Judge, IgnoredCellsDoNotCount) {
  gate_rules rules;
  rules.ignore = {"*/peer/*"};
  const std::vector<compare::diff> d = {diff_of({cell("x/peer/1", 50, 60, 70, 0.001), cell("x/core/1", 0, 1, 2, 0.5)})};
  const auto v = judge(d, rules, {});
  EXPECT_EQ(v.exit, exit_code::ok);
  EXPECT_EQ(v.cells[0].status, cell_status::ignored);
  EXPECT_FALSE(v.cells[0].change_pct.has_value());
  EXPECT_EQ(v.totals.ignored, 1u);
}

TEST(Judge, EachCellFromTheDiffOfItsMetric) {
  gate_rules rules;
  rules.rules.push_back({"cpu/*", {gate_metric::cpu_time, std::nullopt, std::nullopt, std::nullopt}});
  const std::vector<compare::diff> d = {
      diff_of({cell("cpu/a", 20, 21, 22, 0.001), cell("wall/a", 20, 21, 22, 0.001)}, compare::time_metric::real),
      diff_of({cell("cpu/a", 0, 1, 2, 0.5), cell("wall/a", 0, 1, 2, 0.5)}, compare::time_metric::cpu)};
  const auto v = judge(d, rules, {});
  ASSERT_EQ(v.cells.size(), 2u);
  EXPECT_EQ(v.cells[0].name, "cpu/a");
  EXPECT_EQ(v.cells[0].status, cell_status::pass);
  EXPECT_EQ(v.cells[0].metric, gate_metric::cpu_time);
  EXPECT_EQ(v.cells[1].status, cell_status::fail);
  EXPECT_EQ(v.exit, exit_code::regression);
}

TEST(Judge, AMetricNoDiffComparedIsAnInputError) {
  gate_rules rules;
  rules.defaults.metric = gate_metric::instructions;
  const std::vector<compare::diff> d = {diff_of({cell("a/b", 0, 1, 2, 0.5)})};
  try {
    judge(d, rules, {});
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(),
                 "cell a/b: the defaults gate on instructions, which compares instructions, but the diff compared "
                 "real_time; expected a diff of instructions (benchgate compare --metric), the diff's OLD and NEW "
                 "files where the diff says, or gate OLD NEW to compare as the rules need");
  }
}

}  // namespace
}  // namespace benchgate::gate

// Issue 23: cells that were not compared are judged too, never dropped.
namespace benchgate::gate {
namespace {

TEST(JudgeUncompared, ErroredNewFailsMissingIsUnjudgedUnselectedIsIgnored) {
  auto d = diff_of({cell("a/x", 0, 1, 2, 0.5)});
  d.not_compared.push_back({"a/err", "the new side failed: boom", compare::skip_kind::new_error});
  d.not_compared.push_back({"a/one", "the old side has only 1 sample", compare::skip_kind::too_few_samples});
  d.only_old = {"a/gone", "b/other"};
  d.only_new = {"a/added"};
  results::settings new_settings;
  new_settings.cases = {"a"};
  d.new_source.run_settings = new_settings;
  const std::vector<compare::diff> diffs = {d};
  const auto v = judge(diffs, {}, {});
  ASSERT_EQ(v.cells.size(), 6U);
  const auto status_of = [&](const std::string& name) {
    for (const auto& c : v.cells) {
      if (c.name == name) return c.status;
    }
    ADD_FAILURE() << name << " not listed";
    return cell_status::pass;
  };
  EXPECT_EQ(status_of("a/x"), cell_status::pass);
  EXPECT_EQ(status_of("a/err"), cell_status::error);
  EXPECT_EQ(status_of("a/one"), cell_status::unjudged);
  // A benchmark the change removed, and one it added: news, not unjudged.
  EXPECT_EQ(status_of("a/gone"), cell_status::removed);
  EXPECT_EQ(status_of("a/added"), cell_status::added);
  // Case b was not run in NEW: listed, not missing.
  EXPECT_EQ(status_of("b/other"), cell_status::ignored);
  const auto other = std::find_if(v.cells.begin(), v.cells.end(), [](const auto& c) { return c.name == "b/other"; });
  ASSERT_NE(other, v.cells.end());
  EXPECT_EQ(other->reason, "only in OLD: not selected in NEW (case b was not run)");
  EXPECT_EQ(v.exit, exit_code::regression);
  EXPECT_EQ(v.totals.error, 1U);
  EXPECT_EQ(v.totals.unjudged, 1U);
  EXPECT_EQ(v.totals.added, 1U);
  EXPECT_EQ(v.totals.removed, 1U);
}

TEST(JudgeUncompared, ParamOverridesAndFiltersOfNewAreSelections) {
  auto d = diff_of({cell("a/core/size:8", 0, 1, 2, 0.5)});
  d.only_old = {"a/core/size:64", "a/peer/size:8"};
  results::settings new_settings;
  new_settings.params = {{"size", {"8"}}};
  new_settings.filter = "/core/";
  d.new_source.run_settings = new_settings;
  const std::vector<compare::diff> diffs = {d};
  const auto v = judge(diffs, {}, {});
  ASSERT_EQ(v.cells.size(), 3U);
  EXPECT_EQ(v.cells[1].reason, "only in OLD: not selected in NEW (--param size leaves size:64 out)");
  EXPECT_EQ(v.cells[2].reason, "only in OLD: not selected in NEW (--filter '/core/' leaves it out)");
  EXPECT_EQ(v.exit, exit_code::ok);
}

TEST(JudgeUncompared, UnjudgedAloneIsExitThreeAndTheRulesMayIgnoreIt) {
  auto d = diff_of({cell("a/x", 0, 1, 2, 0.5)});
  d.not_compared.push_back({"a/one", "the old side has only 1 sample", compare::skip_kind::too_few_samples});
  const std::vector<compare::diff> diffs = {d};
  EXPECT_EQ(judge(diffs, {}, {}).exit, exit_code::unstable);
  gate_rules rules;
  rules.ignore_unjudged = true;
  const auto v = judge(diffs, rules, {});
  EXPECT_EQ(v.exit, exit_code::ok);
  EXPECT_EQ(v.totals.ignored, 1U);
}

TEST(JudgeUncompared, NewAndRemovedPassUnlessTheRulesSayAndUnjudgedStaysThree) {
  auto d = diff_of({cell("a/x", 0, 1, 2, 0.5)});
  d.only_old = {"a/gone"};
  d.only_new = {"a/added"};
  const std::vector<compare::diff> diffs = {d};
  EXPECT_EQ(judge(diffs, {}, {}).exit, exit_code::ok);
  gate_rules rules;
  rules.new_cells = one_side_level::fail;
  auto v = judge(diffs, rules, {});
  EXPECT_EQ(v.exit, exit_code::regression);
  EXPECT_EQ(v.totals.fail, 1U);
  EXPECT_EQ(v.totals.removed, 1U);
  rules.new_cells = one_side_level::pass;
  rules.removed_cells = one_side_level::warn;
  v = judge(diffs, rules, {});
  EXPECT_EQ(v.exit, exit_code::ok);
  EXPECT_EQ(v.totals.warn, 1U);
  EXPECT_EQ(v.totals.added, 1U);
  // A cell on both sides that cannot be judged still ends exit 3.
  d.not_compared.push_back({"a/one", "the old side has only 1 sample", compare::skip_kind::too_few_samples});
  const std::vector<compare::diff> with_unjudged = {d};
  EXPECT_EQ(judge(with_unjudged, {}, {}).exit, exit_code::unstable);
}

TEST(JudgeUncompared, CellsWithoutAPartnerRoleStayUnjudged) {
  auto d = diff_of({cell("a/core/n:1", 0, 1, 2, 0.5)});
  d.mode = compare::compare_mode::variants;
  d.only_new = {"a/core/n:2"};
  const std::vector<compare::diff> diffs = {d};
  const auto v = judge(diffs, {}, {});
  EXPECT_EQ(v.exit, exit_code::unstable);
  EXPECT_EQ(v.totals.unjudged, 1U);
}

}  // namespace
}  // namespace benchgate::gate
