// ab's and gate's extra rounds for the cells not yet judged (gate/undecided.hpp).

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "harness/gate/undecided.hpp"

// ab's budget for the cells it cannot yet judge (gate/undecided.hpp).
namespace {

using namespace benchgate;

gate::judged_cell judged(const std::string& name, gate::cell_status status, double lower, double upper,
                         std::optional<double> max_width) {
  gate::judged_cell c;
  c.name = name;
  c.status = status;
  c.lower_pct = lower;
  c.change_pct = (lower + upper) / 2;
  c.upper_pct = upper;
  c.rule.max_ci_width_pct = max_width;
  c.rule.fail_pct = 5;
  return c;
}

TEST(AbExtraRounds, OnlyCellsWiderThanTheirRulesMaxWidthGoOnWhateverTheirPlace) {
  using gate::cell_status;
  gate::gate_verdict v;
  v.cells = {judged("narrow", cell_status::pass, -1, 1, 25.0),
             judged("wide", cell_status::unstable, -20, 20, 25.0),
             // A failure whose interval is too wide goes on as well: the
             // rule looks at widths, never at where the interval lies.
             judged("wide_fail", cell_status::fail, 6, 40, 25.0),
             judged("narrow_fail", cell_status::fail, 8, 12, 25.0),
             judged("no_limit", cell_status::pass, -30, 30, std::nullopt),
             judged("new_one", cell_status::added, 0, 0, 25.0)};
  v.cells.back().lower_pct.reset();
  v.cells.back().upper_pct.reset();
  const auto left = gate::undecided_cells(v);
  EXPECT_EQ(left.cells, (std::vector<std::string>{"wide", "wide_fail"}));
  EXPECT_EQ(left.too_wide, 2U);
  EXPECT_EQ(left.suspects, 0U);
  EXPECT_EQ(gate::undecided_text(left), "interval wider than max_ci_width");
}

// A suspect (the estimate beyond the fail level, the interval across it)
// goes on too, without a max_ci_width; a cell whose interval lies on one
// side of the level does not.
TEST(AbExtraRounds, SuspectsGoOnUntilTheirIntervalLeavesTheLevel) {
  using gate::cell_status;
  gate::gate_verdict v;
  v.cells = {judged("suspect", cell_status::warn, 2, 12, std::nullopt),         // estimate 7 > 5, lower 2 <= 5
             judged("quiet_suspect", cell_status::pass, -3, 15, std::nullopt),  // estimate 6, includes no change
             judged("cleared", cell_status::pass, -4, 4, std::nullopt),
             judged("failed", cell_status::fail, 6, 10, std::nullopt),
             judged("wide", cell_status::unstable, -20, 40, 25.0)};
  auto drop = judged("throughput_drop", cell_status::warn, -12, -2, std::nullopt);  // a drop of 7 %
  drop.rule.direction = results::better::higher;
  v.cells.push_back(drop);
  auto exact = judged("exact", cell_status::warn, 2, 12, std::nullopt);
  exact.deterministic = true;  // counts: nothing more to learn
  v.cells.push_back(exact);
  const auto left = gate::undecided_cells(v);
  EXPECT_EQ(left.cells, (std::vector<std::string>{"suspect", "quiet_suspect", "wide", "throughput_drop"}));
  EXPECT_EQ(left.too_wide, 1U);
  EXPECT_EQ(left.suspects, 3U);
  EXPECT_EQ(gate::undecided_text(left),
            "1 with an interval wider than max_ci_width, 3 with the estimate beyond the fail level and the interval "
            "across it");
  EXPECT_TRUE(gate::is_suspect(v.cells[0]));
  EXPECT_FALSE(gate::is_suspect(v.cells[2]));
  EXPECT_FALSE(gate::is_suspect(v.cells[3]));
  gate::undecided only_suspects;
  only_suspects.suspects = 1;
  EXPECT_EQ(gate::undecided_text(only_suspects), "estimate beyond the fail level, interval across it");
}

TEST(AbExtraRounds, RoundsGoOnWhileCellsAreLeftAndAnotherFitsTheCap) {
  gate::extra_budget b;
  b.cap_s = 10;
  EXPECT_TRUE(gate::another_round(b, 1));   // the first round always fits a cap above zero
  EXPECT_FALSE(gate::another_round(b, 0));  // nothing left to judge
  b.rounds = 1;
  b.spent_s = 4;
  b.last_round_s = 4;
  EXPECT_TRUE(gate::another_round(b, 2));   // 4 + 4 <= 10
  b.rounds = 2;
  b.spent_s = 8;
  EXPECT_FALSE(gate::another_round(b, 2));  // 8 + 4 > 10: the cap is spent
  b.cap_s = 1000;
  b.rounds = gate::k_max_extra_rounds;
  EXPECT_FALSE(gate::another_round(b, 2));  // the most rounds, whatever time is left
  gate::extra_budget none;
  none.cap_s = 0;  // --extra-time 0
  EXPECT_FALSE(gate::another_round(none, 3));
}

}  // namespace
