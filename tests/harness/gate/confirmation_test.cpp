// The confirmation rule (gate/confirmation.hpp) on hand-made verdicts.

#include "harness/gate/confirmation.hpp"

#include <gtest/gtest.h>

namespace {

using namespace benchgate;
using gate::cell_status;

gate::judged_cell cell(std::string name, cell_status status, std::string reason = "first",
                       gate::gate_metric metric = gate::gate_metric::time) {
  gate::judged_cell c;
  c.name = std::move(name);
  c.status = status;
  c.reason = std::move(reason);
  c.metric = metric;
  return c;
}

gate::judged_cell unstable(std::string name, double lower, double upper) {
  auto c = cell(std::move(name), cell_status::unstable, "too wide");
  c.change_pct = (lower + upper) / 2;
  c.lower_pct = lower;
  c.upper_pct = upper;
  return c;
}

const gate::judged_cell& find(const gate::gate_verdict& v, const std::string& name) {
  for (const auto& c : v.cells) {
    if (c.name == name) return c;
  }
  throw std::runtime_error("no cell " + name);
}

TEST(Confirmation, SuspectsAreTheFailedAndUnstableCellsInOrder) {
  gate::gate_verdict v;
  v.cells = {cell("a", cell_status::pass), cell("b", cell_status::fail, "", gate::gate_metric::cpu_time),
             unstable("c", -10, 30), cell("d", cell_status::warn),
             cell("e", cell_status::fail, "", gate::gate_metric::throughput)};
  const auto s = gate::suspects_of(v);
  EXPECT_EQ(s.cells, (std::vector<std::string>{"b", "c", "e"}));
  EXPECT_EQ(s.unstable, (std::vector<std::string>{"c"}));
  // cpu_time for b; real time for c and e (throughput is judged from it).
  EXPECT_EQ(s.metrics, (std::vector<compare::time_metric>{compare::time_metric::cpu,
                                                          compare::time_metric::real}));
  EXPECT_TRUE(gate::suspects_of(gate::gate_verdict{}).empty());
}

TEST(Confirmation, StillUnstableAreThePooledUnstableAmongTheFirstUnstable) {
  gate::gate_verdict pooled;
  pooled.cells = {cell("a", cell_status::unstable), cell("b", cell_status::pass), cell("c", cell_status::unstable)};
  // a was a failure at first: not given a round of its own.
  EXPECT_EQ(gate::still_unstable(pooled, {"b", "c"}), (std::vector<std::string>{"c"}));
}

TEST(Confirmation, AFailureStandsOnlyWhenEveryRoundFailsItAgain) {
  gate::gate_verdict v;
  v.cells = {cell("twice", cell_status::fail, "+12% beyond 5%"), cell("once", cell_status::fail, "+9% beyond 5%"),
             cell("never", cell_status::fail, "+6% beyond 5%"), cell("fine", cell_status::pass, "within")};
  gate::confirmation_evidence e;
  e.rounds = 2;
  e.failed_again = {{"twice", 2}, {"once", 1}};
  gate::apply_confirmation(v, e);

  EXPECT_EQ(find(v, "twice").status, cell_status::fail);
  EXPECT_EQ(find(v, "twice").confirmed_rounds, 2u);
  EXPECT_EQ(find(v, "twice").reason, "+12% beyond 5%");
  EXPECT_EQ(find(v, "once").status, cell_status::warn);
  EXPECT_EQ(find(v, "once").confirmed_rounds, 1u);
  EXPECT_EQ(find(v, "once").reason, "+9% beyond 5%; not confirmed: failed again in 1 of 2 lockstep re-runs");
  EXPECT_EQ(find(v, "never").reason, "+6% beyond 5%; not confirmed: failed again in 0 of 2 lockstep re-runs");
  EXPECT_EQ(find(v, "fine").status, cell_status::pass);
  EXPECT_EQ(find(v, "fine").confirmed_rounds, std::nullopt);
  // One failure left: the gate fails (exit 1), counted again.
  EXPECT_EQ(v.totals.fail, 1u);
  EXPECT_EQ(v.totals.warn, 2u);
  EXPECT_EQ(v.totals.pass, 1u);
  EXPECT_EQ(v.exit, exit_code::regression);
  EXPECT_EQ(v.confirm_rounds, 2u);
}

TEST(Confirmation, CountedReRunsAreSaidToRunSideBySide) {
  gate::gate_verdict v;
  v.cells = {cell("x", cell_status::fail, "+3%")};
  gate::confirmation_evidence e;
  e.rounds = 1;
  e.timed = false;
  gate::apply_confirmation(v, e);
  EXPECT_EQ(v.cells[0].reason, "+3%; not confirmed: failed again in 0 of 1 side-by-side re-run");
  EXPECT_EQ(v.exit, exit_code::ok);
}

TEST(Confirmation, AnUnstableCellTakesItsPooledJudgementButNeverAFailure) {
  gate::gate_verdict v;
  // CIs -10..30 and -5..25: 40 and 30 points wide.
  v.cells = {unstable("cleared", -10, 30), unstable("pooled_fail", -5, 25), unstable("not_compared", 0, 50)};
  gate::gate_verdict pooled;
  auto cleared = cell("cleared", cell_status::pass, "+1% within 5%");
  cleared.change_pct = 1;
  pooled.cells = {cleared, cell("pooled_fail", cell_status::fail, "+20% beyond 5%")};
  gate::confirmation_evidence e;
  e.rounds = 2;
  e.extra_rounds = 1;
  e.pooled = pooled;
  e.rounds_of = {{"cleared", 3}, {"pooled_fail", 2}, {"not_compared", 2}};
  gate::apply_confirmation(v, e);

  const auto& c = find(v, "cleared");
  EXPECT_EQ(c.status, cell_status::pass);
  EXPECT_EQ(c.change_pct, 1);
  EXPECT_EQ(c.reason,
            "+1% within 5% (judged on the pooled samples of 3 lockstep re-runs (1 extra); the first comparison's "
            "CI was 40.00 points wide)");
  const auto& f = find(v, "pooled_fail");
  EXPECT_EQ(f.status, cell_status::unstable);
  EXPECT_EQ(f.reason,
            "too wide; on the pooled samples of 2 lockstep re-runs: +20% beyond 5%: still unstable (re-runs alone "
            "do not fail a cell)");
  EXPECT_EQ(find(v, "not_compared").status, cell_status::unstable);
  EXPECT_EQ(find(v, "not_compared").reason, "too wide");
  EXPECT_EQ(v.totals.unstable, 2u);
  EXPECT_EQ(v.exit, exit_code::unstable);
  EXPECT_EQ(v.confirm_rounds, 3u);
}

}  // namespace
