#pragma once
// The confirmation rule of gate --confirm N (docs/gate.md, "Confirmation"),
// pure: which cells are re-run, which of them need more rounds, and how the
// re-runs' judgements edit the first verdict. Running the re-runs is
// gate/confirm.hpp's.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/diff_model.hpp"
#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// The cells of a verdict that confirmation re-runs: those that failed and
// those too unstable to judge, in verdict order, and the metrics they are
// judged on (each once, in order of first use).
struct suspects {
  std::vector<std::string> cells;     // failed or unstable
  std::vector<std::string> unstable;  // the unstable among them
  std::vector<compare::time_metric> metrics;
  bool empty() const { return cells.empty(); }
};
suspects suspects_of(const gate_verdict& verdict);

// The cells of `unstable` that `pooled` (the judgement of every round's
// samples pooled) still finds unstable: those that get an extra round.
std::vector<std::string> still_unstable(const gate_verdict& pooled,
                                        const std::vector<std::string>& unstable);

// What the re-runs found.
struct confirmation_evidence {
  std::size_t rounds = 0;        // the rounds every suspect was re-run in
  std::size_t extra_rounds = 0;  // further rounds, for cells still unstable when pooled
  bool timed = true;             // lockstep (timed) or side-by-side (counted) re-runs, for the wording
  // For each failed cell, the rounds whose own judgement failed it again.
  std::map<std::string, std::size_t> failed_again;
  // The judgement of all rounds' samples pooled (set when some cell was
  // unstable), and the rounds each cell was re-run in.
  std::optional<gate_verdict> pooled;
  std::map<std::string, std::size_t> rounds_of;
};

// Edits `verdict` by the confirmation rule and recounts it (finish):
// - a failure stands only when every one of `rounds` failed it again; else
//   it becomes a warning that says in how many it failed;
// - an unstable cell takes its pooled judgement (with a note of the rounds
//   and of the first CI's width), unless that is a failure: re-runs alone do
//   not fail a cell, so it stays unstable with the pooled reason added; a
//   cell the pooled judgement lacks stays as it was;
// - every other cell is unchanged.
// Sets confirm_rounds to rounds + extra_rounds.
void apply_confirmation(gate_verdict& verdict, const confirmation_evidence& evidence);

}  // namespace benchgate::gate
