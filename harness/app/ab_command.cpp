// benchgate ab OLD_BIN NEW_BIN: two builds run as lockstep pairs from the
// first sample (rerun/ab_sides.hpp), compared as pairs, gated (verdict/gate_steps.hpp).

#include <optional>
#include <ostream>
#include <sstream>

#include "harness/app/commands.hpp"
#include "harness/options/gate_options.hpp"
#include "harness/rerun/ab_sides.hpp"
#include "harness/rerun/gbench_sides.hpp"
#include "harness/rerun/paired_runs.hpp"
#include "harness/results/diff_json.hpp"
#include "harness/run/plan.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/verdict/gate_steps.hpp"

namespace benchgate::app {

namespace {

// OLD against NEW, gated; the comparison and the verdict printed and written.
exit_code judge_sides(const compare::loaded_side& old_side, const compare::loaded_side& new_side, const results::gate_rules& rules,
                      const options::ab_options& options, std::ostream& out, std::ostream& err) {
  auto gate = options.gate;
  if (options.out_dir && gate.confirm > 0 && !gate.confirm_dir) gate.confirm_dir = *options.out_dir / "confirm";
  const auto outcome = verdict::gate_sides(old_side, new_side, rules, gate, err);
  // The comparison of the first metric the rules gate on.
  const auto& shown = outcome.diffs.front();
  std::ostringstream discard;
  const auto comparison = print_comparison(shown, out, discard);
  out << "\n";
  if (options.diff_out) results::save_diff(shown, *options.diff_out, "--json");
  verdict::report_verdict(outcome.verdict, gate, out, comparison + "\n");
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
  const auto rules = verdict::load_gate_rules(options.gate, err);
  // Drivers' runs are planned (and checked) before the folder is made.
  std::optional<rerun::ab_pairs_plan> pairs;
  if (options.binaries == options::ab_binaries::drivers) {
    pairs = rerun::plan_ab_pairs(
        options, [&](const options::run_options& run) { return run::fewest_samples(run::make_plan(run, cases)); });
  }
  const rerun::work_folder dir(options.out_dir, "--out-dir", "ab");
  const auto [old_side, new_side] =
      pairs ? rerun::run_ab_pairs(*pairs, dir.path(), err) : rerun::gbench_ab_sides(options, dir.path(), err);
  return judge_sides(old_side, new_side, rules, options, out, err);
}

}  // namespace benchgate::app
