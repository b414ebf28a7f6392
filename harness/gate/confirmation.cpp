#include "harness/gate/confirmation.hpp"

#include <algorithm>

#include "harness/gate/judge.hpp"
#include "harness/gate/rules.hpp"

namespace benchgate::gate {

namespace {

std::string rounds_text(std::size_t rounds, bool timed) {
  return std::to_string(rounds) + (timed ? " lockstep" : " side-by-side") + " re-run" + (rounds == 1 ? "" : "s");
}

// Too noisy to judge at first: judged again on all the re-runs' samples,
// which may clear it but never fail it. A failure needs the first
// judgement too; here the re-runs alone would decide, and on a machine
// whose processes differ by more than the fail level they are wrong too
// often.
void rejudge_unstable(judged_cell& c, const confirmation_evidence& evidence) {
  if (!evidence.pooled) return;
  const auto& pooled = evidence.pooled->cells;
  const auto it = std::find_if(pooled.begin(), pooled.end(), [&](const auto& p) { return p.name == c.name; });
  if (it == pooled.end()) return;  // the re-runs could not compare it: stays unstable
  const auto found = evidence.rounds_of.find(c.name);
  const std::size_t rounds = found == evidence.rounds_of.end() ? 0 : found->second;
  const auto pooled_text =
      " the pooled samples of " + rounds_text(rounds, evidence.timed) +
      (rounds > evidence.rounds ? " (" + std::to_string(rounds - evidence.rounds) + " extra)" : "");
  if (it->status == cell_status::fail) {
    c.reason += "; on" + pooled_text + ": " + it->reason + ": still unstable (re-runs alone do not fail a cell)";
    return;
  }
  // An unstable cell always has its CI.
  const auto first_width = points_text(c.upper_pct.value_or(0) - c.lower_pct.value_or(0));
  c = *it;
  c.reason += " (judged on" + pooled_text + "; the first comparison's CI was " + first_width + " points wide)";
}

// A failure stands only when every round fails it again.
void reconsider_failure(judged_cell& c, const confirmation_evidence& evidence) {
  const auto found = evidence.failed_again.find(c.name);
  const std::size_t count = found == evidence.failed_again.end() ? 0 : found->second;
  c.confirmed_rounds = count;
  if (count < evidence.rounds) {
    c.status = cell_status::warn;
    c.reason += "; not confirmed: failed again in " + std::to_string(count) + " of " +
                rounds_text(evidence.rounds, evidence.timed);
  }
}

}  // namespace

suspects suspects_of(const gate_verdict& verdict) {
  suspects out;
  for (const auto& c : verdict.cells) {
    if (c.status != cell_status::fail && c.status != cell_status::unstable) continue;
    out.cells.push_back(c.name);
    if (c.status == cell_status::unstable) out.unstable.push_back(c.name);
    const auto m = compared_metric(c.metric);
    if (std::find(out.metrics.begin(), out.metrics.end(), m) == out.metrics.end()) out.metrics.push_back(m);
  }
  return out;
}

std::vector<std::string> still_unstable(const gate_verdict& pooled,
                                        const std::vector<std::string>& unstable) {
  std::vector<std::string> still;
  for (const auto& c : pooled.cells) {
    const bool was_unstable = std::find(unstable.begin(), unstable.end(), c.name) != unstable.end();
    if (was_unstable && c.status == cell_status::unstable) still.push_back(c.name);
  }
  return still;
}

void apply_confirmation(gate_verdict& verdict, const confirmation_evidence& evidence) {
  for (auto& c : verdict.cells) {
    if (c.status == cell_status::unstable) {
      rejudge_unstable(c, evidence);
    } else if (c.status == cell_status::fail) {
      reconsider_failure(c, evidence);
    }
  }
  verdict.confirm_rounds = evidence.rounds + evidence.extra_rounds;
  finish(verdict);
}

}  // namespace benchgate::gate
