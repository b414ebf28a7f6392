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
  EXPECT_EQ(gate::undecided_cells(v), (std::vector<std::string>{"wide", "wide_fail"}));
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
