#pragma once
// How `benchgate ab` spends the rest of its budget (docs/ab.md, "Cells ab
// cannot judge at first"): after its process pairs, more pairs only for the
// cells whose change interval is still wider than their rule's
// max_ci_width, round after round, until they are narrow enough or the
// extra time (--extra-time) is spent. Pure: the decisions, not the runs.
//
// Which cells go on depends on the interval's width alone, never on its
// place: a cell that fails with a wide interval goes on too, and every cell
// is judged once, on all its pairs, at the end. The width of a t interval
// is a function of the spread alone, so the rule is a fixed-width
// sequential interval (Chow and Robbins 1965), not repeated testing.

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

// The cells of `verdict` whose change interval is wider than their rule's
// max_ci_width (unstable, or failing with so wide an interval), in order.
// Cells without an interval or without a max_ci_width never are.
std::vector<std::string> undecided_cells(const gate_verdict& verdict);

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
