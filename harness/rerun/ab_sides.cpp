#include "harness/rerun/ab_sides.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "harness/rerun/process_pairs.hpp"
#include "harness/results/results_json.hpp"

namespace benchgate::rerun {

ab_pairs_plan plan_ab_pairs(const options::ab_options& options, const side_samples& fewest_samples) {
  ab_pairs_plan plan;
  plan.timed = options.old_run.settings.measure == options::measure_kind::time;
  // Timed runs of fewer samples than the paired test needs (with 10 pairs
  // its smallest p is 2/1024, which the correction across a grid never
  // admits) take more, in the same measurement time, unless --samples said.
  int total = options.old_run.settings.samples;  // a side's samples a cell in all
  if (plan.timed && options.old_run.settings.samples == 0 && options.new_run.settings.samples == 0) {
    const int fewest = std::min(fewest_samples(options.old_run), fewest_samples(options.new_run));
    if (fewest < options::k_min_confirm_samples) plan.samples = options::k_min_confirm_samples;
    total = std::max(fewest, options::k_min_confirm_samples);
  }
  // Counts are exact: one pair of counted runs says all there is.
  plan.pairs = plan.timed ? options.pairs : 1;
  if (plan.pairs > 1) {
    // Several process pairs: each runs every cell with a share of the
    // samples and of the time (process_pairs.hpp).
    plan.samples = samples_per_process_pair(total, plan.pairs);
    plan.old_command = {"old", options.old_binary, process_pair_arguments(options.old_run, total, plan.pairs)};
    plan.new_command = {"new", options.new_binary, process_pair_arguments(options.new_run, total, plan.pairs)};
  } else {
    plan.old_command = {"old", options.old_binary, pair_arguments(options.old_run.settings, plan.samples)};
    plan.new_command = {"new", options.new_binary, pair_arguments(options.new_run.settings, plan.samples)};
  }
  return plan;
}

std::pair<compare::loaded_side, compare::loaded_side> run_ab_pairs(const ab_pairs_plan& plan,
                                                                   const std::filesystem::path& dir,
                                                                   std::ostream& err) {
  const bool timed = plan.timed;
  const auto& samples = plan.samples;
  const auto firsts = old_turns_first(1, plan.pairs);
  err << "ab: running OLD and NEW " << (timed ? "in lockstep" : "side by side") << " (" << firsts.size()
      << (firsts.size() == 1 ? " pair" : " pairs of processes")
      << (timed ? ", first turn: " + first_turns_text(firsts) : "")
      << (samples ? ", " + std::to_string(*samples) + " samples a side" + (firsts.size() > 1 ? " in each" : "")
                  : std::string())
      << ")\n"
      << std::flush;
  std::vector<compare::loaded_side> old_runs;
  std::vector<compare::loaded_side> new_runs;
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    auto [o, n] =
        run_pair(plan.old_command, plan.new_command, plan.timed, firsts[i], dir, std::to_string(i + 1),
                 {"ab", "run", static_cast<std::int64_t>(i + 1)});
    old_runs.push_back(std::move(o));
    new_runs.push_back(std::move(n));
  }
  // One side's pairs pooled, in the same order as the other's: still paired.
  const auto side_of = [&](const std::vector<compare::loaded_side>& runs, const std::string& what) {
    auto side = runs.size() == 1 ? runs.front() : pooled_side(runs, dir, what);
    side.text = (dir / (what + ".json")).string();
    results::save_results(side.loaded.results, side.text, "--out-dir");
    side.source.path = side.text;
    return side;
  };
  return {side_of(old_runs, "old"), side_of(new_runs, "new")};
}

}  // namespace benchgate::rerun
