#include <algorithm>
#include <ostream>

#include "harness/app/chart_output.hpp"
#include "harness/app/commands.hpp"
#include "harness/charts/chart_set.hpp"
#include "harness/options/option_kinds.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/compare/cell_change.hpp"
#include "harness/history/changes.hpp"
#include "harness/history/store.hpp"
#include "harness/html/history_timeline.hpp"
#include "harness/html/report_page.hpp"
#include "harness/report/format.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/compare/sides.hpp"
#include "harness/explain/explain_json.hpp"
#include "harness/formats/input_loader.hpp"

namespace benchgate::app {

namespace {
// The charts' folder, relative to the page.
constexpr const char* k_charts_folder = "charts";
// The explanations' flame graphs, copied beside the page.
constexpr const char* k_flamegraphs_folder = "flamegraphs";

// --explain FILE, with each flame graph copied into the page's folder and its
// link made relative to the page. A flame graph is looked up as written,
// then beside FILE; one found in neither place is noted and left unlinked.
explain::explain_document page_explanations(const std::filesystem::path& file, const std::filesystem::path& out_dir,
                                            std::ostream& err) {
  auto document = explain::load_explain_document(file, "--explain");
  std::size_t copied = 0;
  for (auto& e : document.explanations) {
    if (!e.flamegraph) continue;
    std::filesystem::path found = *e.flamegraph;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(found, ec) && found.is_relative()) found = file.parent_path() / found;
    if (!std::filesystem::is_regular_file(found, ec)) {
      err << "note: --explain " << file.string() << ": the flame graph of " << e.cell << ", " << *e.flamegraph
          << ", is not there; the page does not link it\n";
      e.flamegraph.reset();
      continue;
    }
    const auto name = std::to_string(++copied) + "-" + found.filename().string();
    const auto svg = files::read_file(found, "the flame graph of " + e.cell);
    files::write_atomically(out_dir / k_flamegraphs_folder / name, svg, "--out");
    e.flamegraph = std::string(k_flamegraphs_folder) + "/" + name;
  }
  return document;
}

// A diff shown beside RESULTS must be of RESULTS: its new side ran at the
// same date (both record the run's environment) and shares cell names,
// compared or not (a diff in which no cell could be compared is shown too).
void require_diff_of(const compare::diff& d, const results::loaded_results& run, const std::string& results_path,
                     const std::string& diff_path) {
  const auto& run_date = run.results.env.date;
  const auto& diff_date = d.new_source.env.date;
  const results::cell_index cells(run.results);
  const bool shares_a_cell =
      std::any_of(d.cells.begin(), d.cells.end(),
                  [&](const compare::cell_diff& c) { return cells.find(c.new_side.name) != nullptr; }) ||
      std::any_of(d.not_compared.begin(), d.not_compared.end(),
                  [&](const compare::skipped_cell& c) { return cells.find(c.name) != nullptr; });
  if (!shares_a_cell || !compare::may_be_run_of(d.new_source, run.results)) {
    // A merge has its first run's date: the rounds tell them apart.
    const auto rounds = [](int n) { return ", " + report::counted(static_cast<std::size_t>(n), "round"); };
    const bool by_rounds = d.new_source.run_settings && d.new_source.run_settings->rounds != run.results.config.rounds;
    throw input_error("--diff " + diff_path + ": compared NEW " + d.new_source.path + " (run " +
                      (diff_date.empty() ? "at an unknown date" : "at " + diff_date) +
                      (by_rounds ? rounds(d.new_source.run_settings->rounds) : "") + "), not RESULTS " +
                      results_path + " (run " + (run_date.empty() ? "at an unknown date" : "at " + run_date) +
                      (by_rounds ? rounds(run.results.config.rounds) : "") +
                      (shares_a_cell ? "" : ", and no compared cell is in RESULTS") +
                      "); expected a diff whose NEW is RESULTS: benchgate compare OLD " + results_path + " --json");
  }
}
// --history: the change points and timelines of RESULTS' cells (history
// changes' defaults, wall time); the timeline charts join `charts`.
std::string history_section(const std::filesystem::path& store, const results::run_results& run,
                            std::vector<charts::chart>& charts, std::ostream& out) {
  history::changes_context context;
  context.store = history::printable_location(store.string());
  context.metric = "real_time";
  for (const auto& c : run.cells) context.settings.cells.insert(c.name);
  const auto stored = history::load_history(store.string(), "--history", history::k_real_time_metric);
  const auto found = history::find_changes(stored, context.settings);
  auto timelines = html::timeline_charts(stored, found, context.settings, context.metric);
  out << "history: " << context.store << ": " << report::counted(found.commits, "commit") << " with RESULTS' cells, "
      << report::counted(found.changes.size(), "change point") << "\n";
  auto section = html::timeline_section(timelines, found, context, k_charts_folder);
  for (auto& c : timelines) charts.push_back(std::move(c));
  return section;
}

// --metric: what the tables show. A metric no cell of RESULTS has is
// refused (it would leave every row empty).
void require_metric_in(const compare::time_metric& metric, const results::run_results& run,
                       const std::string& results_path) {
  const auto has = [&](const results::cell& c) {
    if (c.samples.empty()) return false;
    if (metric.of != compare::time_metric::kind::instructions) return compare::carries(c, metric);
    return std::all_of(c.samples.begin(), c.samples.end(), [](const auto& s) { return s.instructions.has_value(); });
  };
  if (std::none_of(run.cells.begin(), run.cells.end(), has)) {
    const auto name = compare::to_string(metric);
    throw input_error("--metric " + name + ": no cell of RESULTS " + results_path + " has a value of " + name +
                      " in every sample; expected real_time, cpu_time, instructions (from run --measure "
                      "instructions) or a counter its cells carry");
  }
}

}  // namespace

exit_code write_report(const options::report_options& options, std::ostream& out, std::ostream& err) {
  const auto page_path = options.out_dir / "index.html";
  files::check_outputs({{page_path, "--out"}});
  const auto run = results::load_any_results(options.results, "RESULTS");
  std::optional<explain::explain_document> explanations;
  if (options.explain) explanations = page_explanations(*options.explain, options.out_dir, err);
  std::optional<compare::diff> given;
  if (options.diff) {
    given = compare::load_diff(*options.diff, "--diff");
    require_diff_of(*given, run, options.results, *options.diff);
  }
  // The table's metric is also what the variants are compared on: one
  // metric per row, value and change (a counter needs its direction).
  std::optional<charts::compared_metric> metric;
  std::optional<results::better> direction;
  if (options.metric) {
    require_metric_in(*options.metric, run.results, options.results);
    const auto name = compare::to_string(*options.metric);
    direction = results::direction_of(name, options.directions);
    if (direction) metric = charts::compared_metric{*options.metric, *direction};
  }
  const auto variants = charts::variants_diff_for_charts(run, options.results, metric);
  if (options.metric && !metric && !given && variants) {
    options::detail::refuse_unknown_direction(compare::to_string(*options.metric),
                                              ", and the page compares the variants on it");
  }
  const compare::diff* shown = given ? &*given : (variants ? &*variants : nullptr);

  std::optional<results::loaded_results> old_run;
  charts::diff_samples samples{&run.results, &run.results};
  if (shown != nullptr && shown->mode == compare::compare_mode::runs) {
    old_run = load_diff_side(shown->old_source, "old", err);
    samples.old_run = old_run ? &old_run->results : nullptr;
  }
  auto charts = charts::run_charts(run.results, variants ? &*variants : nullptr, shown, samples, options.gate_threshold);
  html::page_input input;
  if (options.history) input.history_section = history_section(*options.history, run.results, charts, out);
  input.run = &run.results;
  input.results_label = options.results;
  input.google_benchmark = run.format != results::results_schema;
  input.estimates = charts::estimates_of(run.results);
  if (options.metric) {
    input.estimates.metric = *options.metric;
    input.metric_direction = direction;
  }
  input.comparison = shown;
  input.comparison_label = given ? "--diff " + *options.diff
                                 : "each core and peer against the baseline of its grid point, within RESULTS";
  input.charts = &charts;
  if (explanations) {
    input.explanations = &*explanations;
    input.explanations_label = "--explain " + options.explain->string();
  }
  input.charts_folder = k_charts_folder;
  const auto charts_dir = options.out_dir / k_charts_folder;
  render_and_list(charts_dir, charts,
                  "charts: " + charts_dir.string() + " (" + report::counted(charts.size(), "chart") + ")", out, err);
  files::write_atomically(page_path, html::report_page(input), "--out");
  out << "report: " << page_path.string() << "\n";
  return exit_code::ok;
}

}  // namespace benchgate::app
