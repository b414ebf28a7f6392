#include <ostream>

#include "harness/app/chart_output.hpp"
#include "harness/app/commands.hpp"
#include "harness/charts/chart_set.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/report/format.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/formats/input_loader.hpp"

namespace benchgate::app {

exit_code plot_charts(const options::plot_options& options, std::ostream& out, std::ostream& err) {
  const auto where = "RESULTS_OR_DIFF " + options.input;
  const auto text = files::read_file(options.input, "RESULTS_OR_DIFF");
  std::vector<charts::chart> charts;
  if (results::detect_document_kind(text, where) == results::document_kind::diff) {
    const auto d = compare::parse_diff(text, where);
    const auto old_run = load_diff_side(d.old_source, "old", err);
    const auto new_run = d.mode == compare::compare_mode::variants ? old_run : load_diff_side(d.new_source, "new", err);
    charts::diff_samples samples;
    if (old_run && new_run) samples = {&old_run->results, &new_run->results};
    charts = charts::diff_charts(d, samples, options.gate_threshold);
    if (charts.empty()) throw input_error(where + ": the comparison has no compared cell; nothing to plot");
  } else {
    const auto run = results::parse_any_results(text, where);
    const auto variants = charts::variants_diff_for_charts(run, options.input);
    const auto* shown = variants ? &*variants : nullptr;
    charts = charts::run_charts(run.results, shown, shown, {&run.results, &run.results}, options.gate_threshold);
    if (charts.empty()) throw input_error(where + ": no cell has samples; nothing to plot");
  }
  render_and_list(options.out_dir, charts,
                  "charts: " + options.out_dir.string() + " (" + report::counted(charts.size(), "chart") +
                      "; each NAME.svg, NAME.png, NAME.gp, NAME.dat)",
                  out, err);
  return exit_code::ok;
}

}  // namespace benchgate::app
