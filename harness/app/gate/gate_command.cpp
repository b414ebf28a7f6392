// benchgate gate DIFF | OLD NEW: judged by the rules (gate/gate_steps.hpp);
// with --explain, its failing cells explained after the verdict.

#include <ostream>

#include "harness/app/commands.hpp"
#include "harness/app/gate_explanation.hpp"
#include "harness/compare/sides.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/formats/gbench_json.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/gate/gate_steps.hpp"

namespace benchgate::app {

namespace {

// Whether OLD came from Google Benchmark executables: their JSON, or
// benchgate results that ab made of them.
bool from_google_benchmark(const compare::diff_source& old_source) {
  return old_source.format == results::gbench_format ||
         (old_source.run_settings && old_source.run_settings->google_benchmark_args);
}

}  // namespace

exit_code gate_results(const options::gate_options& options, std::ostream& out, std::ostream& err) {
  files::check_outputs(
      {{options.json_out, "--json"}, {options.markdown_out, "--markdown"}, {options.text_out, "--text-out"}});
  check_explain_after(options);
  const auto rules = gate::load_gate_rules(options, err);

  gate::gate_verdict judged;
  bool gbench = false;
  if (options.inputs.size() == 1) {
    auto d = compare::load_diff(options.inputs[0], "DIFF");
    gbench = from_google_benchmark(d.old_source);
    judged = gate::gate_diff(std::move(d), rules, options, err);
  } else {
    const auto old_side = compare::load_side(options.inputs[0], options.baseline_dir, "OLD");
    const auto new_side = compare::load_side(options.inputs[1], options.baseline_dir, "NEW");
    gbench = from_google_benchmark(old_side.source);
    judged = gate::gate_sides(old_side, new_side, rules, options, err).verdict;
  }
  gate::report_verdict(judged, options, out);
  explain_after_verdict(judged, options, gbench, out, err);
  return judged.exit;
}

}  // namespace benchgate::app
