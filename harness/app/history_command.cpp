#include <ostream>
#include <regex>

#include "harness/app/commands.hpp"
#include "harness/errors/input_error.hpp"
#include "harness/files/file_io.hpp"
#include "harness/history/changes.hpp"
#include "harness/history/changes_output.hpp"
#include "harness/history/csv_export.hpp"
#include "harness/history/iso_date.hpp"
#include "harness/history/run_record.hpp"
#include "harness/history/store.hpp"
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

exit_code find_history_changes(const options::history_options& o, std::ostream& out) {
  if (o.json) files::check_writable(*o.json, "--json");
  const auto which = o.metric == "cpu_time" ? history::metric::cpu_time : history::metric::real_time;
  const auto h = history::load_history(o.store, o.store_source, which);
  history::changes_context context;
  context.store = o.store.string();
  context.metric = o.metric;
  auto& s = context.settings;
  s.detection.alpha = o.alpha;
  s.detection.min_change = o.min_change_pct / 100;
  s.detection.min_segment = o.min_segment;
  s.detection.window = o.detection_window;
  if (o.since) {
    s.since_s = since_time(*o.since, h);
    context.since = *o.since;
  }
  s.cases = o.cases;
  if (o.filter) s.filter = std::regex(*o.filter, std::regex::ECMAScript);
  s.any_environment = o.any_environment;
  s.recent_commits = o.recent_commits;
  const auto report = history::find_changes(h, s);
  out << history::changes_to_text(report, context);
  if (o.json) {
    files::write_atomically(*o.json, history::changes_to_json_text(report, context), "--json");
    out << "json: " << o.json->string() << "\n";
  }
  return o.recent_commits > 0 && report.recent_regressions() > 0 ? exit_code::regression : exit_code::ok;
}

exit_code export_history(const options::history_options& o, std::ostream& out) {
  if (o.out) files::check_writable(*o.out, "--out");
  const auto csv = history::history_to_csv(history::load_history(o.store, o.store_source, history::metric::real_time));
  if (o.out) {
    files::write_atomically(*o.out, csv, "--out");
  } else {
    out << csv;
  }
  return exit_code::ok;
}

}  // namespace

exit_code history_command(const options::history_options& options, std::ostream& out) {
  switch (options.verb) {
    case options::history_verb::add:
      return add_to_history(options, out);
    case options::history_verb::changes:
      return find_history_changes(options, out);
    case options::history_verb::export_csv:
      return export_history(options, out);
  }
  return exit_code::bad_input;
}

}  // namespace benchgate::app
