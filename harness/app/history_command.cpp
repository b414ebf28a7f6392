#include <ostream>
#include <regex>

#include "harness/app/chart_output.hpp"
#include "harness/app/commands.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/history/changes.hpp"
#include "harness/history/changes_output.hpp"
#include "harness/history/csv_export.hpp"
#include "harness/history/iso_date.hpp"
#include "harness/history/run_record.hpp"
#include "harness/history/store.hpp"
#include "harness/history/timeline.hpp"
#include "harness/results/input_loader.hpp"

namespace benchgate::app {

namespace {

exit_code add_to_history(const options::history_options& o, std::ostream& out) {
  // Every file is read and checked before the store is opened: bad input
  // leaves it untouched.
  std::vector<history::run_record> runs;
  for (const auto& input : o.inputs) {
    const auto loaded = results::load_any_results(input, "RESULTS");
    runs.push_back(history::make_run_record(loaded, input, {o.commit, o.date}));
  }
  history::add_runs(o.store, o.store_source, runs);
  for (const auto& r : runs) {
    out << "added " << r.source << ": commit " << r.commit << " (" << r.commit_date << "), " << r.cells.size()
        << " cells\n";
  }
  out << "history: " << o.store.string() << "\n";
  return exit_code::ok;
}

// --since: a date, or a stored commit (a prefix of its id).
std::int64_t since_time(const std::string& text, const history::stored_history& h) {
  if (const auto date = history::parse_iso_date(text)) return date->epoch_s;
  const history::stored_commit* match = nullptr;
  for (const auto& c : h.commits) {
    if (c.commit.rfind(text, 0) == 0) {
      if (match != nullptr && match->commit != c.commit) {
        throw input_error("--since " + text + ": matches several stored commits (" + match->commit + ", " + c.commit +
                          "); give more digits");
      }
      match = &c;
    }
  }
  if (match == nullptr) {
    throw input_error("--since " + text + ": neither an ISO 8601 date (2026-12-04) nor a commit in the store");
  }
  return match->time_s;
}

struct analysed_history {
  history::stored_history stored;
  history::changes_context context;
  history::changes_report report;
};

analysed_history analyse(const options::history_options& o) {
  analysed_history a;
  const auto which = o.metric == "cpu_time" ? history::metric::cpu_time : history::metric::real_time;
  a.stored = history::load_history(o.store, o.store_source, which);
  a.context.store = o.store.string();
  a.context.metric = o.metric;
  auto& s = a.context.settings;
  s.detection.alpha = o.alpha;
  s.detection.min_change = o.min_change_pct / 100;
  s.detection.min_segment = o.min_segment;
  s.detection.window = o.detection_window;
  if (o.since) {
    s.since_s = since_time(*o.since, a.stored);
    a.context.since = *o.since;
  }
  s.cases = o.cases;
  if (o.filter) s.filter = std::regex(*o.filter, std::regex::ECMAScript);
  s.any_environment = o.any_environment;
  s.recent_commits = o.recent_commits;
  a.report = history::find_changes(a.stored, s);
  return a;
}

exit_code find_history_changes(const options::history_options& o, std::ostream& out) {
  files::check_outputs({{o.json, "--json"}});
  const auto a = analyse(o);
  out << history::changes_to_text(a.report, a.context);
  if (o.json) {
    files::write_atomically(*o.json, history::changes_to_json_text(a.report, a.context), "--json");
    out << "json: " << o.json->string() << "\n";
  }
  return o.recent_commits > 0 && a.report.recent_regressions() > 0 ? exit_code::regression : exit_code::ok;
}

exit_code plot_history(const options::history_options& o, std::ostream& out, std::ostream& err) {
  const auto a = analyse(o);
  const auto charts = history::timeline_charts(a.stored, a.report, a.context.settings, o.metric);
  if (charts.empty()) throw input_error(o.store_source + ": no value in the selected cells; nothing to plot");
  out << history::changes_to_text(a.report, a.context);
  out << "charts: " << o.out->string() << " (" << charts.size() << " timelines)\n";
  render_and_list(*o.out, charts, out, err);
  const auto page = *o.out / "index.html";
  files::write_atomically(page, history::timeline_page(charts, a.report, a.context), "--out");
  out << "  " << page.string() << "\n";
  return exit_code::ok;
}

exit_code export_history(const options::history_options& o, std::ostream& out) {
  files::check_outputs({{o.out, "--out"}});
  const auto csv = history::history_to_csv(history::load_history(o.store, o.store_source, history::metric::real_time));
  if (o.out) {
    files::write_atomically(*o.out, csv, "--out");
  } else {
    out << csv;
  }
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
  }
  return exit_code::bad_input;
}

}  // namespace benchgate::app
