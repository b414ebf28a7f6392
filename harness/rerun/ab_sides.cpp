#include "harness/rerun/ab_sides.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/results_json.hpp"

namespace benchgate::rerun {

ab_pairs_plan plan_ab_pairs(const options::ab_options& options, const side_samples& fewest_samples) {
  ab_pairs_plan plan;
  plan.timed = options.old_run.settings.measure == options::measure_kind::time;
  // Timed runs of fewer samples than the paired test needs (with 10 pairs
  // its smallest p is 2/1024, which the correction across a grid never
  // admits) take more, in the same measurement time, unless --samples said.
  if (plan.timed && options.old_run.settings.samples == 0 && options.new_run.settings.samples == 0) {
    const int fewest = std::min(fewest_samples(options.old_run), fewest_samples(options.new_run));
    if (fewest < options::k_min_confirm_samples) plan.samples = options::k_min_confirm_samples;
  }
  plan.old_command = {"old", options.old_binary, pair_arguments(options.old_run.settings, plan.samples)};
  plan.new_command = {"new", options.new_binary, pair_arguments(options.new_run.settings, plan.samples)};
  plan.pairs = options.pairs;
  return plan;
}

std::pair<compare::loaded_side, compare::loaded_side> run_ab_pairs(const ab_pairs_plan& plan,
                                                                   const std::filesystem::path& dir,
                                                                   std::ostream& err) {
  const bool timed = plan.timed;
  const auto& samples = plan.samples;
  const auto firsts = old_turns_first(1, plan.pairs);
  err << "ab: running OLD and NEW " << (timed ? "in lockstep" : "side by side") << " (" << firsts.size()
      << (firsts.size() == 1 ? " pair" : " pairs") << (timed ? ", first turn: " + first_turns_text(firsts) : "")
      << (samples ? ", " + std::to_string(*samples) + " samples a side" : std::string()) << ")\n"
      << std::flush;
  std::vector<compare::loaded_side> old_runs;
  std::vector<compare::loaded_side> new_runs;
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    auto [o, n] =
        run_pair(plan.old_command, plan.new_command, plan.timed, firsts[i], dir, std::to_string(i + 1), {"ab", "run"});
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
