#include "harness/gate/undecided.hpp"

namespace benchgate::gate {

std::vector<std::string> undecided_cells(const gate_verdict& verdict) {
  std::vector<std::string> out;
  for (const auto& c : verdict.cells) {
    if (c.status == cell_status::unstable) {
      out.push_back(c.name);
      continue;
    }
    if (!c.rule.max_ci_width_pct || !c.lower_pct || !c.upper_pct) continue;
    // A failure whose interval is that wide goes on as well: the rule looks
    // at widths only (undecided.hpp).
    if (*c.upper_pct - *c.lower_pct > *c.rule.max_ci_width_pct) out.push_back(c.name);
  }
  return out;
}

bool another_round(const extra_budget& budget, std::size_t undecided) {
  if (undecided == 0 || budget.cap_s <= 0 || budget.rounds >= k_max_extra_rounds) return false;
  return budget.spent_s + budget.last_round_s <= budget.cap_s;
}

}  // namespace benchgate::gate
