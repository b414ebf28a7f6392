#pragma once
// How `benchgate ab` spends the rest of its budget (docs/ab.md, "Cells ab
// cannot judge at first"): after its process pairs, more pairs only for the
// cells not yet decided, round after round, until none is left or the
// extra time (--extra-time) is spent. Pure: the decisions, not the runs.
//
// A cell is not yet decided when its change interval is wider than its
// rule's max_ci_width (whatever its place: a cell that fails with so wide
// an interval goes on too; the width of a t interval is a function of the
// spread alone, a fixed-width sequential interval, Chow and Robbins 1965),
// or when it is a suspect: its estimate beyond the fail level while its
// interval still reaches below it, so that it is neither failed nor
// cleared. A suspect goes on until its interval lies on one side of the
// level (failed, or cleared) or the budget is spent. Every cell is judged
// once, on all its pairs, at the end. Going on with suspects is a look at
// the estimate, so it can add false failures; but a failure needs the
// whole interval beyond the level, which an unchanged cell reaches in no
// round but by a deviation of several standard errors, and the looks are
// at most 1 + k_max_extra_rounds (docs/ab.md argues it; no A/A count yet).

#include <cstddef>
#include <string>
#include <vector>

#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// At most this many extra rounds, whatever time is left: each is one more
// look at the widths, and past a few more rounds a cell that is still wide
// is one the budget will not settle (a process that runs it at another
// speed every time).
inline constexpr int k_max_extra_rounds = 6;

// The cells of `verdict` not yet decided, in order: those whose change
// interval is wider than their rule's max_ci_width (unstable, or failing
// with so wide an interval), and the suspects. Cells without an interval
// never are.
struct undecided {
  std::vector<std::string> cells;
  std::size_t too_wide = 0;
  std::size_t suspects = 0;
};
undecided undecided_cells(const gate_verdict& verdict);

// Whether `cell` is a suspect: its regression's estimate beyond the fail
// level and its interval's lower end not (a higher-is-better metric's
// drop, likewise).
bool is_suspect(const judged_cell& cell);

// Why they are not yet judged, for the progress lines: "interval wider than
// max_ci_width", "estimate beyond the fail level, interval across it", or
// "1 with an interval wider than max_ci_width, 2 with the estimate beyond
// the fail level and the interval across it".
std::string undecided_text(const undecided& cells);

// The extra rounds' budget: `cap_s` seconds in all, `spent_s` taken by the
// `rounds` run so far, the last of which took `last_round_s`.
struct extra_budget {
  double cap_s = 0;
  double spent_s = 0;
  int rounds = 0;
  double last_round_s = 0;
};

// Whether to run another extra round for `undecided` cells: some are left,
// fewer than k_max_extra_rounds have run, and another as long as the last
// one still fits in the cap (the first fits when the cap is above zero:
// it runs a subset of the cells the first pairs ran).
bool another_round(const extra_budget& budget, std::size_t undecided);

}  // namespace benchgate::gate
