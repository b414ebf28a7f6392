// benchgate gate DIFF | OLD NEW: judged by the rules (verdict/gate_steps.hpp).

#include <ostream>

#include "harness/app/commands.hpp"
#include "harness/compare/sides.hpp"
#include "harness/results/diff_json.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/verdict/gate_steps.hpp"

namespace benchgate::app {

exit_code gate_results(const options::gate_options& options, std::ostream& out, std::ostream& err) {
  files::check_outputs(
      {{options.json_out, "--json"}, {options.markdown_out, "--markdown"}, {options.text_out, "--text-out"}});
  const auto rules = verdict::load_gate_rules(options, err);

  results::gate_verdict judged;
  if (options.inputs.size() == 1) {
    judged = verdict::gate_diff(results::load_diff(options.inputs[0], "DIFF"), rules, options, err);
  } else {
    const auto old_side = compare::load_side(options.inputs[0], options.baseline_dir, "OLD");
    const auto new_side = compare::load_side(options.inputs[1], options.baseline_dir, "NEW");
    judged = verdict::gate_sides(old_side, new_side, rules, options, err).verdict;
  }
  verdict::report_verdict(judged, options, out);
  return judged.exit;
}

}  // namespace benchgate::app
