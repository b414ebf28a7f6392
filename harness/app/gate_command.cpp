// benchgate gate DIFF | OLD NEW: judged by the rules (gate_steps.hpp).

#include <ostream>

#include "harness/app/commands.hpp"
#include "harness/app/gate_steps.hpp"
#include "harness/compare/sides.hpp"
#include "harness/gate/judge.hpp"
#include "harness/results/diff_json.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::app {

exit_code gate_results(const options::gate_options& options, std::ostream& out, std::ostream& err) {
  files::check_outputs(
      {{options.json_out, "--json"}, {options.markdown_out, "--markdown"}, {options.text_out, "--text-out"}});
  const auto rules = load_gate_rules(options, err);

  results::gate_verdict verdict;
  if (options.inputs.size() == 1) {
    const auto diffs = diffs_for_rules(results::load_diff(options.inputs[0], "DIFF"), rules, options, err);
    print_warnings(diffs, err);
    verdict = gate::judge(diffs, rules, options.command_line);
  } else {
    const auto old_side = compare::load_side(options.inputs[0], options.baseline_dir, "OLD");
    const auto new_side = compare::load_side(options.inputs[1], options.baseline_dir, "NEW");
    verdict = gate_sides(old_side, new_side, rules, options, err).verdict;
  }
  report_verdict(verdict, options, out);
  return verdict.exit;
}

}  // namespace benchgate::app
