#include "harness/paired/gbench_sides.hpp"

#include <algorithm>

#include "harness/compare/compare.hpp"
#include "harness/paired/ab_sides.hpp"
#include "harness/formats/results_json.hpp"
#include "harness/formats/role_patterns.hpp"
#include "harness/paired/gbench_pairs.hpp"
#include "harness/support/text/regex_text.hpp"

namespace benchgate::paired {

namespace {

// `run` saved to `file` (`option` names where the path came from) and
// loaded as a side, as if read from that file.
compare::loaded_side side_in(results::run_results run, const std::filesystem::path& file, const char* option) {
  compare::loaded_side side;
  side.text = file.string();
  results::save_results(run, side.text, option);
  side.loaded = {std::move(run), results::results_schema};
  side.source = compare::describe_source(side.loaded.results, side.loaded.format, side.text, std::nullopt);
  return side;
}

// `extra` (an extra round's run of one side) pooled into `side`; a cell
// that failed in it loses its samples, as a failed cell has none
// (paired/gbench_pairs.hpp), so that it pairs with nothing.
void add_gbench_round(compare::loaded_side& side, const results::run_results& extra) {
  add_extra_run(side, extra);
  for (const auto& c : extra.cells) {
    if (c.error.empty()) continue;
    for (auto& d : side.loaded.results.cells) {
      if (d.name == c.name) d.samples.clear();
    }
  }
  save_side(side);
}

}  // namespace

void gbench_extra_round(const options::paired_options& options, const std::vector<std::string>& cells, int round,
                        const std::string& why, const std::filesystem::path& dir, compare::loaded_side& old_side,
                        compare::loaded_side& new_side, std::ostream& err) {
  const auto folder = dir / ("x" + std::to_string(round));
  std::filesystem::create_directories(folder);
  const paired::gbench_side old_run{"old", options.old_binary, options.old_args, options.gbench.old_names};
  const paired::gbench_side new_run{"new", options.new_binary, options.new_args, options.gbench.new_names};
  const int rounds = options.gbench.rounds;
  paired::gbench_pair_plan plan{rounds, options.gbench.min_time_s, text::exact_names_regex(cells), folder,
                             std::nullopt, round * rounds};
  plan.measure = options.gbench.measure;
  plan.fixed_placement = options.fixed_placement;
  err << "ab: extra round " << round << ": " << cells.size() << (cells.size() == 1 ? " benchmark" : " benchmarks")
      << " not yet judged (" << why << "), " << rounds << " more rounds of them\n"
      << std::flush;
  auto runs = paired::run_gbench_pairs(old_run, new_run, plan, err);
  add_gbench_round(old_side, runs.old_run);
  add_gbench_round(new_side, runs.new_run);
}

int gbench_rerun_rounds(const compare::loaded_side& old_side, const compare::loaded_side& new_side, int min_rounds) {
  return std::max({old_side.loaded.results.config.rounds, new_side.loaded.results.config.rounds, min_rounds});
}

std::pair<compare::loaded_side, compare::loaded_side> gbench_rerun_pair(const std::filesystem::path& old_binary,
                                                      const std::filesystem::path& new_binary,
                                                      const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                                                      const std::string& filter, const std::filesystem::path& dir,
                                                      const std::string& tag, int min_rounds, bool fixed_placement,
                                                      std::ostream& err) {
  const auto& old_settings = old_side.loaded.results.config;
  const auto& new_settings = new_side.loaded.results.config;
  const std::vector<std::string> none;
  const paired::gbench_side old_run{"old", old_binary, old_settings.google_benchmark_args.value_or(none),
                                 results::cell_names(old_side.loaded.results)};
  const paired::gbench_side new_run{"new", new_binary, new_settings.google_benchmark_args.value_or(none),
                                 results::cell_names(new_side.loaded.results)};
  const auto folder = dir / ("gbench-" + tag);
  std::filesystem::create_directories(folder);
  paired::gbench_pair_plan plan{gbench_rerun_rounds(old_side, new_side, min_rounds),
                             old_settings.min_time_s.value_or(options::k_default_gbench_min_time_s), filter, folder,
                             std::nullopt};
  plan.measure = old_settings.measure;  // re-counted as they were counted
  plan.speaker = "gate";
  plan.fixed_placement = fixed_placement;
  auto runs = paired::run_gbench_pairs(old_run, new_run, plan, err);
  return {side_in(std::move(runs.old_run), dir / ("old-" + tag + ".json"), "--confirm re-run"),
          side_in(std::move(runs.new_run), dir / ("new-" + tag + ".json"), "--confirm re-run")};
}

std::pair<compare::loaded_side, compare::loaded_side> gbench_ab_sides(const options::paired_options& options,
                                                    const std::filesystem::path& dir, std::ostream& err) {
  const paired::gbench_side old_side{"old", options.old_binary, options.old_args, options.gbench.old_names};
  const paired::gbench_side new_side{"new", options.new_binary, options.new_args, options.gbench.new_names};
  paired::gbench_pair_plan plan{options.gbench.rounds, options.gbench.min_time_s, options.gbench.filter, dir,
                             options.gbench.shard};
  plan.measure = options.gbench.measure;
  plan.fixed_placement = options.fixed_placement;
  auto runs = paired::run_gbench_pairs(old_side, new_side, plan, err);
  const auto side_of = [&](results::run_results& run, const std::string& what) {
    if (!options.gbench.roles.empty()) results::assign_roles(run, options.gbench.roles, what + " side");
    return side_in(std::move(run), dir / (what + ".json"), "--out-dir");
  };
  auto old_loaded = side_of(runs.old_run, "old");
  auto new_loaded = side_of(runs.new_run, "new");
  return {std::move(old_loaded), std::move(new_loaded)};
}

}  // namespace benchgate::paired
