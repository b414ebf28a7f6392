#include "harness/gate/gate_report.hpp"

#include <gtest/gtest.h>

namespace benchgate::gate {
namespace {

judged_cell judged(const std::string& name, cell_status status, double change) {
  judged_cell c;
  c.name = name;
  c.status = status;
  c.change_pct = change;
  c.lower_pct = change - 1;
  c.upper_pct = change + 1;
  c.p_value = 0.001;
  c.rule.warn_pct = 3;
  c.rule.fail_pct = 5;
  c.reason = "because";
  return c;
}

gate_verdict verdict_of(std::vector<judged_cell> cells, exit_code exit) {
  gate_verdict v;
  v.cells = std::move(cells);
  v.exit = exit;
  for (const auto& c : v.cells) {
    ++v.totals.cells;
    if (c.status == cell_status::fail) ++v.totals.fail;
    if (c.status == cell_status::warn) ++v.totals.warn;
    if (c.status == cell_status::pass) ++v.totals.pass;
    if (c.status == cell_status::unstable) ++v.totals.unstable;
  }
  return v;
}

TEST(GateText, ListsFailuresFirstThenUnstableThenWarnings) {
  const auto v = verdict_of({judged("w/1", cell_status::warn, 4), judged("p/1", cell_status::pass, 0),
                             judged("f/1", cell_status::fail, 8)},
                            exit_code::regression);
  EXPECT_EQ(gate_text(v),
            "cell  change [lower estimate upper]     p (adj)   status    rule\n"
            "f/1   [+7.0000% +8.0000% +9.0000%]      0.0010    fail      defaults (real_time [built-in], warn 3% [built-in], fail 5% [built-in])\n"
            "  because\n"
            "w/1   [+3.0000% +4.0000% +5.0000%]      0.0010    warn      defaults (real_time [built-in], warn 3% [built-in], fail 5% [built-in])\n"
            "  because\n"
            "3 cells: 1 fail, 0 unstable, 1 warn, 1 pass, 0 improved, 0 ignored\n"
            "gate: FAIL (1 cell regressed beyond their thresholds)\n");
}

// Re-run by --confirm: in how many rounds it failed again. "confirmed in 0
// rounds" read as a confirmation beside the reason's "not confirmed".
TEST(GateText, ConfirmationRoundsAreCountedInWords) {
  auto twice = judged("f/1", cell_status::fail, 8);
  twice.confirmed_rounds = 2;
  auto never = judged("w/1", cell_status::warn, 8);
  never.confirmed_rounds = 0;
  const auto text = gate_text(verdict_of({twice, never}, exit_code::regression));
  EXPECT_NE(text.find("fail 5% [built-in]), confirmed in 2 rounds\n"), std::string::npos) << text;
  EXPECT_NE(text.find("fail 5% [built-in]), confirmed in no round\n"), std::string::npos) << text;
}

TEST(GateText, ResultLines) {
  EXPECT_EQ(gate_result_line(verdict_of({}, exit_code::ok)), "gate: PASS");
  EXPECT_EQ(gate_result_line(verdict_of({judged("u", cell_status::unstable, 0)}, exit_code::unstable)),
            "gate: UNSTABLE (1 cell too noisy to judge)");
  EXPECT_EQ(gate_result_line(verdict_of({judged("a", cell_status::fail, 9), judged("b", cell_status::fail, 9)},
                                        exit_code::regression)),
            "gate: FAIL (2 cells regressed beyond their thresholds)");
}

TEST(GateMarkdown, HeadingTableAndDetails) {
  auto f = judged("page_iter/core/x", cell_status::fail, 8);
  f.rule.rule_index = 0;
  f.rule.match = "page_iter/*";
  const auto md = gate_markdown(verdict_of({f, judged("p/1", cell_status::pass, 0)}, exit_code::regression));
  EXPECT_EQ(md,
            "### :x: benchgate FAIL (1 cell regressed beyond their thresholds)\n\n"
            "| cell | change | CI | p | status | rule | reason |\n|---|---:|---|---:|---|---|---|\n"
            "| `page_iter/core/x` | +8.0000% | +7.0000% .. +9.0000% | 0.0010 | **fail** | #0 page\\_iter/\\* (real\\_time "
            "[built-in], warn 3% [built-in], fail 5% [built-in]) | because |\n\n"
            "2 cells: 1 fail, 0 unstable, 0 warn, 1 pass, 0 improved, 0 ignored. Changes are of the mean with their "
            "confidence interval; p is adjusted across the compared cells.\n\n"
            "<details><summary>Every cell</summary>\n\n"
            "| cell | change | CI | p | status | rule | reason |\n|---|---:|---|---:|---|---|---|\n"
            "| `page_iter/core/x` | +8.0000% | +7.0000% .. +9.0000% | 0.0010 | **fail** | #0 page\\_iter/\\* (real\\_time "
            "[built-in], warn 3% [built-in], fail 5% [built-in]) | because |\n"
            "| `p/1` | +0.0000% | -1.0000% .. +1.0000% | 0.0010 | **pass** | defaults (real\\_time [built-in], warn 3% "
            "[built-in], fail 5% [built-in]) | because |\n"
            "\n</details>\n");
}

// A '|' in a name split the row, a backtick ended the code span early.
TEST(GateMarkdown, NamesWithPipesAndBackticksStayInTheirCell) {
  const auto md = gate_markdown(verdict_of({judged("BM_a|b", cell_status::fail, 8), judged("BM_`t`", cell_status::fail, 8),
                                            judged("x``y", cell_status::fail, 8)},
                                           exit_code::regression));
  EXPECT_NE(md.find("| `BM_a\\|b` | +8.0000%"), std::string::npos) << md;
  EXPECT_NE(md.find("| `` BM_`t` `` | +8.0000%"), std::string::npos) << md;
  EXPECT_NE(md.find("| ```x``y``` | +8.0000%"), std::string::npos) << md;
}

}  // namespace
}  // namespace benchgate::gate
