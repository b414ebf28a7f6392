// benchgate ab OLD_BIN NEW_BIN: two builds run as lockstep pairs from the
// first sample (rerun/paired_runs.hpp), compared as pairs, gated (gate_steps.hpp).

#include <algorithm>
#include <ostream>
#include <sstream>

#include "harness/app/commands.hpp"
#include "harness/app/gate_steps.hpp"
#include "harness/options/gate_options.hpp"
#include "harness/rerun/confirm.hpp"
#include "harness/rerun/gbench_sides.hpp"
#include "harness/rerun/paired_runs.hpp"
#include "harness/rerun/process_pairs.hpp"
#include "harness/results/diff_json.hpp"
#include "harness/results/results_json.hpp"
#include "harness/run/plan.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::app {

namespace {

// The fewest samples a cell of `run` takes (the plan's, over every point).
int fewest_samples(const options::run_options& run, const suite::registry& cases) {
  const auto plan = run::make_plan(run, cases);
  int fewest = 0;
  for (const auto& p : plan.points) {
    if (fewest == 0 || p.samples < fewest) fewest = p.samples;
  }
  return fewest;
}

// Each side's `run` arguments: the options given, then what lockstep
// pairs need: one fixed cell order on both sides (Google Benchmark's
// interleaving shuffles differently in each process) and, timed, samples
// enough for the paired test.
std::vector<std::string> side_args(std::vector<std::string> args, const options::run_options& run,
                                   std::optional<int> samples) {
  if (run.settings.measure != options::measure_kind::time) return args;
  if (run.settings.random_interleaving) args.push_back("--no-interleave");
  if (samples) args.insert(args.end(), {"--samples", std::to_string(*samples)});
  return args;
}

// OLD against NEW, gated; the comparison and the verdict printed and written.
exit_code judge_sides(const compare::loaded_side& old_side, const compare::loaded_side& new_side, const results::gate_rules& rules,
                      const options::ab_options& options, std::ostream& out, std::ostream& err) {
  auto gate = options.gate;
  if (options.out_dir && gate.confirm > 0 && !gate.confirm_dir) gate.confirm_dir = *options.out_dir / "confirm";
  const auto outcome = gate_sides(old_side, new_side, rules, gate, err);
  // The comparison of the first metric the rules gate on.
  const auto& shown = outcome.diffs.front();
  std::ostringstream discard;
  const auto comparison = print_comparison(shown, out, discard);
  out << "\n";
  if (options.diff_out) results::save_diff(shown, *options.diff_out, "--json");
  report_verdict(outcome.verdict, gate, out, comparison + "\n");
  if (options.out_dir) out << "results: " << old_side.text << ", " << new_side.text << "\n";
  return outcome.verdict.exit;
}

}  // namespace

exit_code ab_compare(const options::ab_options& options, const suite::registry& cases, std::ostream& out,
                     std::ostream& err) {
  files::check_outputs({{options.diff_out, "--json"},
                        {options.gate.json_out, "--verdict-json"},
                        {options.gate.markdown_out, "--markdown"},
                        {options.gate.text_out, "--text-out"}});
  const auto rules = load_gate_rules(options.gate, err);
  if (options.binaries == options::ab_binaries::google_benchmark) {
    const rerun::work_folder dir(options.out_dir, "--out-dir", "ab");
    const auto [old_side, new_side] = rerun::gbench_ab_sides(options, dir.path(), err);
    return judge_sides(old_side, new_side, rules, options, out, err);
  }

  const bool timed = options.old_run.settings.measure == options::measure_kind::time;
  // Timed runs of fewer samples than the paired test needs (with 10 pairs
  // its smallest p is 2/1024, which the correction across a grid never
  // admits) take more, in the same measurement time, unless --samples said.
  std::optional<int> samples;
  int total = options.old_run.settings.samples;  // a side's samples a cell in all
  if (timed && options.old_run.settings.samples == 0 && options.new_run.settings.samples == 0) {
    const int fewest = std::min(fewest_samples(options.old_run, cases), fewest_samples(options.new_run, cases));
    if (fewest < options::k_min_confirm_samples) samples = options::k_min_confirm_samples;
    total = std::max(fewest, options::k_min_confirm_samples);
  }
  rerun::side_command old_command{"old", options.old_binary, side_args(options.old_args, options.old_run, samples)};
  rerun::side_command new_command{"new", options.new_binary, side_args(options.new_args, options.new_run, samples)};
  // Several process pairs (timed): each runs every cell with a share of
  // the samples and of the time (rerun/process_pairs.hpp).
  if (timed && options.pairs > 1) {
    old_command.args = rerun::process_pair_arguments(options.old_run, total, options.pairs);
    new_command.args = rerun::process_pair_arguments(options.new_run, total, options.pairs);
    samples = rerun::samples_per_process_pair(total, options.pairs);
  }

  const rerun::work_folder dir(options.out_dir, "--out-dir", "ab");
  // Counts are exact: one pair of counted runs says all there is.
  const auto firsts = rerun::old_turns_first(1, timed ? options.pairs : 1);
  err << "ab: running OLD and NEW " << (timed ? "in lockstep" : "side by side") << " (" << firsts.size()
      << (firsts.size() == 1 ? " pair" : " pairs of processes")
      << (timed ? ", first turn: " + rerun::first_turns_text(firsts) : "")
      << (samples ? ", " + std::to_string(*samples) + " samples a side" + (firsts.size() > 1 ? " in each" : "")
                  : std::string())
      << ")\n"
      << std::flush;
  std::vector<compare::loaded_side> old_runs;
  std::vector<compare::loaded_side> new_runs;
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    auto [o, n] = rerun::run_pair(old_command, new_command, timed, firsts[i], dir.path(), std::to_string(i + 1),
                           {"ab", "run", static_cast<std::int64_t>(i + 1)});
    old_runs.push_back(std::move(o));
    new_runs.push_back(std::move(n));
  }
  // One side's pairs pooled, in the same order as the other's: still paired.
  const auto side_of = [&](const std::vector<compare::loaded_side>& runs, const std::string& what) {
    auto side = runs.size() == 1 ? runs.front() : rerun::pooled_side(runs, dir.path(), what);
    side.text = (dir.path() / (what + ".json")).string();
    results::save_results(side.loaded.results, side.text, "--out-dir");
    side.source.path = side.text;
    return side;
  };
  const auto old_side = side_of(old_runs, "old");
  const auto new_side = side_of(new_runs, "new");

  return judge_sides(old_side, new_side, rules, options, out, err);
}

}  // namespace benchgate::app
