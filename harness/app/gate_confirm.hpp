#pragma once
// gate --confirm N: re-runs the cells that failed or were too unstable to
// judge, old and new interleaved, and keeps a failure only when every round
// fails it again (docs/gate.md, "Confirmation").

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "harness/app/comparison_inputs.hpp"
#include "harness/results/gate_model.hpp"
#include "harness/results/model.hpp"

namespace benchgate::app {

struct confirm_plan {
  int rounds = 0;
  int processes = 1;  // per side and round, alternating and pooled
  std::filesystem::path old_binary;
  std::filesystem::path new_binary;
  results::gate_rules rules;
  results::gate_levels command_line;
  results::comparison_settings settings;
};

// The `run` arguments that reproduce `settings` for the cells matching
// `filter`, writing results to `out`: cases, params, samples, times, quick,
// interleaving, rounds, inputs, measure mode and any injected slowdown.
std::vector<std::string> rerun_arguments(const results::settings& settings, const std::string& filter,
                                         const std::filesystem::path& out);

// The order of one confirmation round's processes (true: old): `processes`
// pairs alternating old-new and new-old, starting with old in odd rounds
// and with new in even ones. round_order(1, 2) is old, new, new, old.
std::vector<bool> round_order(int round, int processes);

// An ECMAScript regex matching exactly the given names: ^(a|b)$, escaped.
std::string exact_names_regex(const std::vector<std::string>& names);

// Re-runs the failing and the unstable cells of `verdict` in plan.rounds
// rounds and judges each round. A round runs each side as plan.processes
// processes in round_order and compares the pooled samples of each side. A failure
// that is not repeated in every round becomes a warning. An unstable cell
// (change CI wider than max_ci_width) is judged again on the pooled samples
// of all rounds and takes that status, unless it is a failure: then it stays
// unstable (only a cell that failed the first judgement can fail). Progress
// on `err`. Both sides must be benchgate results (they carry their settings).
// A re-run that does not succeed throws input_error with its log's tail.
void confirm_suspects(results::gate_verdict& verdict, const loaded_side& old_side, const loaded_side& new_side,
                      const confirm_plan& plan, std::ostream& err);

}  // namespace benchgate::app
