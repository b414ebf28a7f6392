#include "harness/gate/undecided.hpp"

#include "harness/gate/judge.hpp"

namespace benchgate::gate {

bool is_suspect(const judged_cell& cell) {
  if (!cell.change_pct || !cell.lower_pct || !cell.upper_pct || cell.deterministic) return false;
  if (cell.status == cell_status::fail || cell.status == cell_status::ignored) return false;
  const bool drops = regresses_as_it_falls(cell.rule);
  const double estimate = drops ? -*cell.change_pct : *cell.change_pct;
  const double lower = drops ? -*cell.upper_pct : *cell.lower_pct;
  return estimate > cell.rule.fail_pct && lower <= cell.rule.fail_pct;
}

undecided undecided_cells(const gate_verdict& verdict) {
  undecided out;
  for (const auto& c : verdict.cells) {
    const bool too_wide =
        c.status == cell_status::unstable ||
        (c.rule.max_ci_width_pct && c.lower_pct && c.upper_pct && *c.upper_pct - *c.lower_pct > *c.rule.max_ci_width_pct);
    if (too_wide) {
      ++out.too_wide;
    } else if (is_suspect(c)) {
      ++out.suspects;
    } else {
      continue;
    }
    out.cells.push_back(c.name);
  }
  return out;
}

std::string undecided_text(const undecided& cells) {
  if (cells.suspects == 0) return "interval wider than max_ci_width";
  if (cells.too_wide == 0) return "estimate beyond the fail level, interval across it";
  return std::to_string(cells.too_wide) + " with an interval wider than max_ci_width, " +
         std::to_string(cells.suspects) + " with the estimate beyond the fail level and the interval across it";
}

bool another_round(const extra_budget& budget, std::size_t undecided) {
  if (undecided == 0 || budget.cap_s <= 0 || budget.rounds >= k_max_extra_rounds) return false;
  return budget.spent_s + budget.last_round_s <= budget.cap_s;
}

}  // namespace benchgate::gate
