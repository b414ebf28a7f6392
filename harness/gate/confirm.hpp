#pragma once
// gate --confirm N: re-runs the cells that failed or were too unstable to
// judge, old and new in lockstep (sample by sample in turn), and keeps a
// failure only when every round fails it again (docs/gate.md,
// "Confirmation").

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/compare/sides.hpp"
#include "harness/paired/paired_runs.hpp"
#include "harness/gate/gate_model.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::gate {

struct confirm_plan {
  int rounds = 0;
  int processes = 1;  // lockstep pairs per round, pooled
  int extra_rounds = 0;  // at most, for cells the pooled rounds leave unstable
  std::optional<std::filesystem::path> keep_dir;  // where the re-runs stay; none: a removed temporary folder
  std::filesystem::path old_binary;
  std::filesystem::path new_binary;
  gate_rules rules;
  gate_levels command_line;
  compare::comparison_settings settings;
  bool fixed_placement = false;  // --fixed-placement: the re-runs from the binaries themselves
};

// The `run` arguments (after "run", without --out) that reproduce
// `settings` for the cells matching `filter` as one side of a lockstep pair
// (pair_arguments): cases, params, samples (`samples` when given, else the
// recorded count), times, quick, one fixed cell order when timed, rounds,
// inputs, measure mode and any injected slowdown.
std::vector<std::string> rerun_arguments(const results::settings& settings, const std::string& filter,
                                         std::optional<int> samples = std::nullopt);

// How many samples a timed re-run of `cells` takes: what each side's run
// took per round (the fewest over the cells and sides), raised to
// options::k_min_confirm_samples; nullopt when that is what they took.
std::optional<int> rerun_samples(const results::run_results& old_run, const results::run_results& new_run,
                                 const std::vector<std::string>& cells);

// Re-runs the failing and the unstable cells of `verdict` in plan.rounds
// rounds and judges each round. A round runs plan.processes pairs of an
// old and a new process at once, taking turns sample by sample on one CPU
// (support/process/lockstep.hpp; instruction counts just run side by side), and
// compares each side's pooled samples as pairs (comparison_settings::
// paired). A failure that is not repeated in every round becomes a
// warning. An unstable cell (change CI wider than max_ci_width) is judged
// again on the pooled pairs of all rounds and takes that status, unless it
// is a failure: then it stays unstable (only a cell that failed the first
// judgement can fail). While some are still too wide, up to
// plan.extra_rounds more rounds re-run just those and add to the pool.
// Progress on `err`. Both sides must be benchgate
// results (they carry their settings). A re-run that does not succeed
// throws input_error with its log's tail.
void confirm_suspects(gate_verdict& verdict, const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                      const confirm_plan& plan, std::ostream& err);

}  // namespace benchgate::gate
