// benchgate history add|changes|plot|export|import over the history store
// (harness/history/, docs/history.md).

#include <ostream>
#include <regex>

#include "harness/app/chart_output.hpp"
#include "harness/app/commands.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/history/changes.hpp"
#include "harness/history/changes_output.hpp"
#include "harness/history/csv_export.hpp"
#include "harness/history/csv_import.hpp"
#include "harness/app/history/host_machine.hpp"
#include "harness/history/run_record.hpp"
#include "harness/history/store.hpp"
#include "harness/html/history_timeline.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::app {

namespace {

exit_code add_to_history(const options::history_options& o, std::ostream& out) {
  // Every file is read and checked before the store is opened: bad input
  // leaves it untouched.
  std::optional<history::host_machine> host;
  if (o.measured_here) host = read_host_machine();
  const auto runs = history::read_run_records(o.inputs, {o.commit, o.date, host});
  history::add_runs(o.store, o.store_origin, runs);
  for (const auto& r : runs) {
    out << "added " << r.source << ": commit " << r.commit << " (" << r.commit_date << "), " << r.cells.size()
        << " cells\n";
    if (!r.environment.read_by_history_add.empty()) out << "  environment (machine read here): " << r.environment.text() << "\n";
  }
  out << "history: " << history::printable_location(o.store) << "\n";
  return exit_code::ok;
}

// The store's changes and what they were found with, as the options say.
struct analysed {
  history::changes_context context;
  history::analysed_history found;
};

analysed analyse(const options::history_options& o) {
  analysed a;
  a.context = {history::printable_location(o.store), o.metric, {}, o.since.value_or(""), o.thresholds};
  auto& s = a.context.settings;
  s.detection = {o.min_segment, o.detection_window, o.alpha, o.min_change_pct / units::k_percent, o.min_tail};
  s.cases = o.cases;
  if (o.filter) s.filter = std::regex(*o.filter, std::regex::ECMAScript);
  s.any_environment = o.any_environment;
  s.recent_commits = o.recent_commits;
  s.directions = o.directions;
  const auto store = history::open_store(o.store, o.store_origin);
  a.found = history::analyse_store(*store, o.metric, s, o.since);
  return a;
}

exit_code find_history_changes(const options::history_options& o, std::ostream& out) {
  files::check_outputs({{o.json, "--json"}});
  const auto a = analyse(o);
  out << history::changes_to_text(a.found.report, a.context);
  if (o.json) {
    files::write_atomically(*o.json, history::changes_to_json_text(a.found.report, a.context), "--json");
    out << "json: " << o.json->string() << "\n";
  }
  return o.recent_commits > 0 && a.found.report.recent_regressions() > 0 ? exit_code::regression : exit_code::ok;
}

exit_code plot_history(const options::history_options& o, std::ostream& out, std::ostream& err) {
  const auto a = analyse(o);
  const auto charts = html::timeline_charts(a.found.stored, a.found.report, a.context.settings, o.metric);
  if (charts.empty()) {
    throw input_error(o.store_origin + " " + history::printable_location(o.store) +
                      ": no value in the selected cells; nothing to plot");
  }
  out << history::changes_to_text(a.found.report, a.context);
  render_and_list(*o.out, charts, "charts: " + o.out->string() + " (" + std::to_string(charts.size()) + " timelines)",
                  out, err);
  const auto page = *o.out / "index.html";
  files::write_atomically(page, html::timeline_page(charts, a.found.report, a.context), "--out");
  out << "  " << page.string() << "\n";
  return exit_code::ok;
}

exit_code export_history(const options::history_options& o, std::ostream& out) {
  files::check_outputs({{o.out, "--out"}});
  const auto csv = history::history_to_csv(history::load_history(o.store, o.store_origin, o.metric));
  files::write_output(o.out, csv, "--out");
  if (!o.out) out << csv;
  return exit_code::ok;
}

exit_code import_history(const options::history_options& o, std::ostream& out) {
  const std::string option = o.import_list ? "--list" : "--csv";
  const std::string source = option + " " + o.import_file.string();
  const auto text = files::read_file(o.import_file, option);  // it names the file itself
  // Everything is read and checked before the store is opened, and added
  // in one transaction: a bad line leaves the store as it was.
  std::vector<history::run_record> runs;
  if (o.import_list) {
    runs = history::read_listed_runs(text, source, o.import_file.parent_path().string());
  } else {
    const history::csv_layout layout{o.time_column, o.commit_column, o.environment_column, o.attributes};
    runs = history::series_run_records(history::read_series_csv(text, source, layout), source);
  }
  history::add_runs(o.store, o.store_origin, runs);
  std::size_t values = 0;
  for (const auto& r : runs) values += r.cells.size();
  out << "imported " << source << ": " << runs.size() << " runs, " << values << " cell values\n";
  out << "history: " << history::printable_location(o.store) << "\n";
  return exit_code::ok;
}

}  // namespace

exit_code history_command(const options::history_options& options, std::ostream& out, std::ostream& err) {
  switch (options.verb) {
    case options::history_verb::add:
      return add_to_history(options, out);
    case options::history_verb::changes:
      return find_history_changes(options, out);
    case options::history_verb::plot:
      return plot_history(options, out, err);
    case options::history_verb::export_csv:
      return export_history(options, out);
    case options::history_verb::import:
      return import_history(options, out);
  }
  return exit_code::bad_input;
}

}  // namespace benchgate::app
