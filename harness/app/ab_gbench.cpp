#include "harness/app/ab_gbench.hpp"

#include "harness/compare/compare.hpp"
#include "harness/results/results_json.hpp"
#include "harness/results/role_patterns.hpp"
#include "harness/run/gbench_pairs.hpp"

namespace benchgate::app {

std::pair<loaded_side, loaded_side> gbench_ab_sides(const options::ab_options& options,
                                                    const std::filesystem::path& dir, std::ostream& err) {
  const run::gbench_side old_side{"old", options.old_binary, options.old_args, options.gbench.old_names};
  const run::gbench_side new_side{"new", options.new_binary, options.new_args, options.gbench.new_names};
  const run::gbench_pair_plan plan{options.gbench.rounds, options.gbench.min_time_s, options.gbench.filter, dir};
  auto runs = run::run_gbench_pairs(old_side, new_side, plan, err);
  const auto side_of = [&](results::run_results& run, const std::string& what) {
    if (!options.gbench.roles.empty()) results::assign_roles(run, options.gbench.roles, what + " side");
    loaded_side side;
    side.text = (dir / (what + ".json")).string();
    results::save_results(run, side.text, "--out-dir");
    side.loaded = {std::move(run), results::results_schema};
    side.source = compare::describe_source(side.loaded.results, side.loaded.format, side.text, std::nullopt);
    return side;
  };
  auto old_loaded = side_of(runs.old_run, "old");
  auto new_loaded = side_of(runs.new_run, "new");
  return {std::move(old_loaded), std::move(new_loaded)};
}

}  // namespace benchgate::app
