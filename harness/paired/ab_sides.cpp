#include "harness/paired/ab_sides.hpp"

#include <algorithm>
#include <regex>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/compare.hpp"
#include "harness/paired/process_pairs.hpp"
#include "harness/formats/merge.hpp"
#include "harness/formats/results_json.hpp"
#include "harness/support/text/regex_text.hpp"

namespace benchgate::paired {

ab_pairs_plan plan_ab_pairs(const options::paired_options& options, const side_samples& fewest_samples) {
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
  plan.old_run = options.old_run;
  plan.new_run = options.new_run;
  plan.total_samples = total;
  plan.fixed_placement = options.fixed_placement;
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
                 {"ab", "run", static_cast<std::int64_t>(i + 1), plan.fixed_placement});
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

bool takes_extra_rounds(const ab_pairs_plan& plan) { return plan.timed && plan.pairs >= 2; }

void add_extra_run(compare::loaded_side& side, const results::run_results& extra) {
  auto& into = side.loaded.results;
  into.pairings.insert(into.pairings.end(), extra.pairings.begin(), extra.pairings.end());
  for (const auto& c : extra.cells) {
    const auto it = std::find_if(into.cells.begin(), into.cells.end(), [&](const auto& d) { return d.name == c.name; });
    if (it == into.cells.end()) {
      into.cells.push_back(c);
    } else {
      results::append_samples(*it, c);
    }
  }
}

void save_side(compare::loaded_side& side) {
  results::save_results(side.loaded.results, side.text, "--out-dir");
  side.source = compare::describe_source(side.loaded.results, side.loaded.format, side.text, std::nullopt);
}

void run_extra_round(const ab_pairs_plan& plan, const std::vector<std::string>& cells, int round,
                     const std::string& why, int first_pair,
                     const std::filesystem::path& dir, compare::loaded_side& old_side, compare::loaded_side& new_side,
                     std::ostream& err) {
  const auto filter = text::exact_names_regex(cells);
  const auto command = [&](const std::string& what, const std::filesystem::path& binary, options::run_options run) {
    run.settings.filter = filter;
    // An injected slowdown (a test knob) for none of these cells would
    // slow nothing, which run refuses: left out, as it changes nothing.
    if (auto& injected = run.settings.injected_slowdown_filter) {
      const std::regex pattern(*injected);
      if (std::none_of(cells.begin(), cells.end(), [&](const auto& c) { return std::regex_search(c, pattern); })) {
        injected.reset();
        run.settings.injected_slowdown_pct = 0;
      }
    }
    return side_command{what, binary, process_pair_arguments(run, plan.total_samples, plan.pairs)};
  };
  const auto old_command = command("old", plan.old_command.binary, plan.old_run);
  const auto new_command = command("new", plan.new_command.binary, plan.new_run);
  const auto firsts = old_turns_first(round + 1, plan.pairs);
  err << "ab: extra round " << round << ": " << cells.size() << (cells.size() == 1 ? " cell" : " cells")
      << " not yet judged (" << why << "), " << firsts.size()
      << " more pairs of processes for them (first turn: " << first_turns_text(firsts) << ")\n"
      << std::flush;
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    const int index = first_pair + static_cast<int>(i);
    // old-x1.3.json: extra round 1's third pair.
    auto [o, n] = run_pair(old_command, new_command, true, firsts[i], dir,
                           "x" + std::to_string(round) + "." + std::to_string(i + 1),
                           {"ab", "run", static_cast<std::int64_t>(index), plan.fixed_placement});
    add_extra_run(old_side, o.loaded.results);
    add_extra_run(new_side, n.loaded.results);
  }
  save_side(old_side);
  save_side(new_side);
}

}  // namespace benchgate::paired
