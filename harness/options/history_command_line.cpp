#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "harness/support/errors/input_error.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"
#include "harness/formats/metric.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

namespace {

constexpr const char* k_usage =
    "benchgate history add RESULTS... [--history STORE] [--commit SHA] [--date DATE]\n"
    "       benchgate history changes [--history STORE] [--metric NAME] [--direction NAME=higher|lower]...\n"
    "                                 [--case NAME]... [--filter REGEX]\n"
    "                                 [--since DATE|COMMIT] [--min-change PCT] [--alpha P] [--window N]\n"
    "                                 [--any-environment] [--json FILE]\n"
    "       benchgate history plot --out DIR [--history STORE] [the selection options of changes]\n"
    "       benchgate history export --csv [--history STORE] [--metric NAME] [--out FILE]\n"
    "       benchgate history import --csv FILE [--time-column NAME] [--commit-column NAME]\n"
    "                                [--environment-column NAME] [--attribute NAME]... [--history STORE]\n"
    "       benchgate history import --list FILE [--history STORE]";

constexpr const char* k_summary =
    "Keeps every run in a store and finds change points across commits\n"
    "(docs/history.md). STORE (--history, else the environment variable\n"
    "BENCHGATE_HISTORY, else reports/history.db) is a file path (SQLite) or a\n"
    "postgresql://USER@HOST/DB URL (PostgreSQL; the password from PGPASSWORD,\n"
    "~/.pgpass or the URL, never printed). Many runners may add at once.\n\n"
    "  add      records each timed cell's samples with the commit, its date, the\n"
    "           tool version and the environment fingerprint (CPU model, logical\n"
    "           CPUs, compiler and flags, build type, Google Benchmark version),\n"
    "           and every metric of each cell: real_time, cpu_time, instructions,\n"
    "           throughput, user counters, figures.\n"
    "           benchgate results carry their commit and date; Google Benchmark\n"
    "           JSON needs --commit (and --date unless its context has one).\n"
    "           All files go in one transaction; a run already stored is refused.\n"
    "  changes  per cell and environment, E-divisive means with Student's t test\n"
    "           (as Apache Otava): each change point with the last commit before,\n"
    "           the first after, the means, the change with its 95 % interval, p.\n"
    "           A change in the last 1 or 2 commits is reported as early, with\n"
    "           the wider interval so few commits give, and counts for --window.\n"
    "  plot     per case a timeline (gnuplot, DIR/timeline_CASE.svg/.png): one\n"
    "           panel per cell, median and interval per commit, change points\n"
    "           marked, commits on another environment shaded; DIR/index.html\n"
    "           shows them with the table of change points.\n"
    "  export   --csv: one row per commit and environment, one column per cell\n"
    "           (the median of --metric), as Apache Otava's CSV importer reads.\n"
    "  import   --csv FILE: series in Otava's layout (a time column, attribute\n"
    "           columns, one column per cell; defaults read export's CSV);\n"
    "           --list FILE: path,commit,date lines naming result files. One\n"
    "           transaction: everything is added or nothing.\n\n"
    "--metric: times and counts are better lower, throughput and rates\n"
    "(*_per_second) higher, where a drop is the regression; any other metric\n"
    "(a user counter, a figure) needs --direction NAME=higher|lower for\n"
    "changes and plot, and is refused without it.\n\n"
    "Examples:\n"
    "  benchgate history add reports/latest/results.json\n"
    "  benchgate history add gbench.json --commit $(git rev-parse HEAD) --date $(git log -1 --format=%cI)\n"
    "  PGPASSWORD=... benchgate history add results.json --history postgresql://bench@db.example.com/benchgate\n"
    "  benchgate history changes --window 5 --json changes.json\n"
    "  benchgate history changes --metric hits --direction hits=higher\n"
    "  benchgate history plot --out reports/history\n"
    "  benchgate history export --csv --out history.csv\n"
    "  benchgate history import --csv history.csv --history other.db";

// --metric NAME: any name a store may hold (which ones it holds, the store
// says when read).
std::string metric_option(const po::variables_map& vm) {
  const auto metric = get_string(vm, "metric");
  if (!metric) return "real_time";
  const bool plain = !metric->empty() && std::all_of(metric->begin(), metric->end(), [](char c) {
    return std::isgraph(static_cast<unsigned char>(c)) != 0;
  });
  if (!plain) {
    throw input_error("--metric '" + *metric + "': expected a metric name (real_time, cpu_time, instructions, "
                      "throughput, or a counter's name such as items_per_second)");
  }
  return *metric;
}

po::options_description history_description() {
  auto d = make_description();
  d.add_options()
      ("history", po::value<std::string>()->value_name("STORE"),
       "the history store: a file (SQLite) or a postgresql:// URL (default: $BENCHGATE_HISTORY, else "
       "reports/history.db)")
      ("commit", po::value<std::string>()->value_name("SHA"),
       "add: the commit the results measured (required when they do not record one)")
      ("date", po::value<std::string>()->value_name("DATE"),
       "add: the commit's date, ISO 8601 (git log -1 --format=%cI SHA); orders the series (default: the run's date)")
      ("case", po::value<std::vector<std::string>>()->value_name("NAME"), "changes, plot: only this case (repeatable)")
      ("filter", po::value<std::string>()->value_name("REGEX"), "changes, plot: only cells whose name matches")
      ("since", po::value<std::string>()->value_name("DATE|COMMIT"),
       "changes, plot: only commits dated at or after DATE, or after the stored COMMIT (a prefix)")
      ("metric", po::value<std::string>()->value_name("NAME"),
       "changes, plot, export: the metric followed: real_time (default), cpu_time, instructions, throughput, or "
       "a counter's or figure's name")
      ("direction", po::value<std::vector<std::string>>()->value_name("NAME=higher|lower"),
       "changes, plot: which way metric NAME is better (repeatable), e.g. --direction hits=higher: a drop of "
       "hits is then a regression; required for a --metric that is not a time, a count or a rate (*_per_second)")
      ("min-change", po::value<std::string>()->value_name("PCT"),
       "changes, plot: report change points of at least PCT percent (default: 1, as compare's noise threshold)")
      ("alpha", po::value<std::string>()->value_name("P"),
       "changes, plot: significance level of the t test, in (0, 1) (default: 0.001)")
      ("window", po::value<std::string>()->value_name("N"),
       "changes: exit 1 when a regression change point's first commit is among the last N commits")
      ("min-segment", po::value<std::string>()->value_name("N"),
       "changes, plot: commits on each side of a change point, at least (default: 3, minimum 2)")
      ("detection-window", po::value<std::string>()->value_name("N"),
       "changes, plot: commits per E-divisive window (default: 50; 0: the whole series at once, cost O(n^2))")
      ("min-tail", po::value<std::string>()->value_name("N"),
       "changes, plot: commits after an early change point (in the last --min-segment - 1), at least (default: 1; "
       "--min-segment or more: none early)")
      ("any-environment", po::bool_switch(), "changes, plot: one series per cell whatever the environment fingerprint")
      ("json", po::value<std::string>()->value_name("FILE"), "changes: also write benchgate.changes/1 JSON to FILE")
      ("csv", po::bool_switch(), "export: CSV (the only export format); import --csv FILE: a CSV of series")
      ("list", po::bool_switch(), "import --list FILE: path,commit,date lines naming result files")
      ("time-column", po::value<std::string>()->value_name("NAME"), "import --csv: the time column (default: time)")
      ("commit-column", po::value<std::string>()->value_name("NAME"), "import --csv: the commit column (default: commit)")
      ("environment-column", po::value<std::string>()->value_name("NAME"),
       "import --csv: the environment fingerprint column, optional in the file (default: environment)")
      ("attribute", po::value<std::vector<std::string>>()->value_name("NAME"),
       "import --csv: a column that is no metric, ignored (repeatable)")
      ("out", po::value<std::string>()->value_name("FILE|DIR"),
       "export: write to FILE, atomically (default: stdout); plot: the folder of the charts (required)");
  return d;
}

std::size_t count_option(const po::variables_map& vm, const char* name, int minimum, std::size_t fallback) {
  const auto value = get_int_at_least(vm, name, minimum);
  return value ? static_cast<std::size_t>(*value) : fallback;
}

// Options that only one verb reads, refused elsewhere.
void refuse_others(const po::variables_map& vm, const std::string& verb, std::initializer_list<const char*> names) {
  for (const char* name : names) {
    if (vm.count(name) != 0 && !vm[name].defaulted()) {
      throw input_error("benchgate history " + verb + ": --" + name + " does not apply; see 'benchgate history --help'");
    }
  }
}

}  // namespace

command parse_history(const std::vector<std::string>& args, const suite::registry& cases) {
  const auto described = history_description();
  auto accepted = history_description();
  accepted.add_options()("input", po::value<std::vector<std::string>>(), "VERB RESULTS...");
  po::positional_options_description positional;
  positional.add("input", -1);
  bool wants_help = false;
  const auto vm = parse("history", args, accepted, wants_help, &positional);
  const auto help = [&] {
    return help_request{help_text(k_usage, k_summary, described,
                                  "  0  done; changes: no regression change point in the --window commits\n"
                                  "  1  changes: a regression change point in the --window commits\n"
                                  "  2  bad input or usage (the store is left as it was); changes, plot: a\n"
                                  "     --metric whose direction is neither built in nor given by --direction\n")};
  };
  if (wants_help) return help();
  auto positionals = get_strings(vm, "input");
  if (positionals.empty()) {
    throw input_error("benchgate history: expected a verb: add, changes, plot, export or import; see 'benchgate history --help'");
  }
  const auto verb = positionals.front();
  positionals.erase(positionals.begin());
  history_options out;
  if (const auto store = get_string(vm, "history")) {
    if (store->empty()) throw input_error("--history: expected a file path or a postgresql:// URL, got ''");
    out.store = *store;
  } else if (const char* env = std::getenv("BENCHGATE_HISTORY"); env != nullptr && *env != '\0') {
    out.store = env;
    out.store_origin = "BENCHGATE_HISTORY";
  }
  const auto bool_set = [&](const char* name) { return vm.count(name) != 0 && vm[name].as<bool>(); };
  static const std::initializer_list<const char*> add_only = {"commit", "date"};
  static const std::initializer_list<const char*> changes_only = {
      "case", "filter", "since", "min-change", "alpha", "window", "min-segment", "min-tail",
      "detection-window", "json", "direction"};
  static const std::initializer_list<const char*> import_only = {"time-column", "commit-column", "environment-column",
                                                                 "attribute"};
  if (verb != "import") {
    refuse_others(vm, verb, import_only);
    if (bool_set("list")) throw input_error("benchgate history " + verb + ": --list does not apply (see history import)");
  }
  if (verb == "add") {
    out.verb = history_verb::add;
    refuse_others(vm, verb, changes_only);
    refuse_others(vm, verb, {"out", "metric"});
    if (bool_set("any-environment") || bool_set("csv")) {
      throw input_error("benchgate history add: --any-environment and --csv do not apply");
    }
    out.inputs = positionals;
    if (out.inputs.empty()) throw input_error("benchgate history add: expected RESULTS files");
    out.commit = get_string(vm, "commit");
    out.date = get_string(vm, "date");
    return out;
  }
  if (verb == "import") {
    out.verb = history_verb::import;
    refuse_others(vm, verb, add_only);
    refuse_others(vm, verb, changes_only);
    refuse_others(vm, verb, {"out"});
    if (bool_set("any-environment")) throw input_error("benchgate history import: --any-environment does not apply");
    out.import_list = bool_set("list");
    if (out.import_list == bool_set("csv") || positionals.size() != 1) {
      throw input_error("benchgate history import: expected --csv FILE or --list FILE (one of them, one FILE)");
    }
    if (out.import_list) refuse_others(vm, verb, import_only);
    out.import_file = positionals.front();
    if (const auto v = get_string(vm, "time-column")) out.time_column = *v;
    if (const auto v = get_string(vm, "commit-column")) out.commit_column = *v;
    if (const auto v = get_string(vm, "environment-column")) out.environment_column = *v;
    out.attributes = get_strings(vm, "attribute");
    return out;
  }
  if (!positionals.empty()) {
    throw input_error("benchgate history " + verb + ": unexpected argument '" + positionals.front() + "'");
  }
  if (verb == "changes" || verb == "plot") {
    const bool plot = verb == "plot";
    out.verb = plot ? history_verb::plot : history_verb::changes;
    refuse_others(vm, verb, add_only);
    if (plot) {
      refuse_others(vm, verb, {"json", "window"});
      const auto dir = get_folder(vm, "out");
      if (!dir) throw input_error("benchgate history plot: --out DIR is required");
      out.out = *dir;
    } else {
      refuse_others(vm, verb, {"out"});
    }
    if (bool_set("csv")) throw input_error("benchgate history " + verb + ": --csv does not apply (see history export)");
    out.cases = checked_case_names(get_strings(vm, "case"), cases);
    if (const auto filter = get_string(vm, "filter")) {
      check_regex("filter", *filter);
      out.filter = filter;
    }
    out.since = get_string(vm, "since");
    out.metric = metric_option(vm);
    for (const auto& text : get_strings(vm, "direction")) {
      out.directions.push_back(results::parse_declared_direction(text, "--direction"));
    }
    if (const auto text = get_string(vm, "min-change")) {
      const auto pct = text::parse_percent(*text);
      if (!pct || *pct < 0) throw input_error("--min-change " + *text + ": expected a percentage >= 0, e.g. 5");
      out.min_change_pct = *pct;
    }
    if (const auto text = get_string(vm, "alpha")) {
      const auto value = text::parse_double(*text);
      if (!value || *value <= 0 || *value >= 1) throw input_error("--alpha " + *text + ": expected a number in (0, 1), e.g. 0.001");
      out.alpha = *value;
    }
    out.recent_commits = count_option(vm, "window", 1, 0);
    out.min_segment = count_option(vm, "min-segment", 2, out.min_segment);
    out.detection_window = count_option(vm, "detection-window", 0, out.detection_window);
    out.min_tail = count_option(vm, "min-tail", 1, out.min_tail);
    if (out.detection_window != 0 && out.detection_window < 2 * out.min_segment) {
      throw input_error("--detection-window " + std::to_string(out.detection_window) +
                        ": expected 0 or at least twice --min-segment (" + std::to_string(2 * out.min_segment) + ")");
    }
    out.any_environment = bool_set("any-environment");
    out.json = get_output_path(vm, "json");
    return out;
  }
  if (verb == "export") {
    out.verb = history_verb::export_csv;
    refuse_others(vm, verb, add_only);
    refuse_others(vm, verb, changes_only);
    if (!bool_set("csv")) throw input_error("benchgate history export: expected --csv (the only export format)");
    out.metric = metric_option(vm);
    out.out = get_output_path(vm, "out");
    return out;
  }
  throw input_error("benchgate history " + verb + ": unknown verb; expected add, changes, plot, export or import");
}

}  // namespace benchgate::options::detail
