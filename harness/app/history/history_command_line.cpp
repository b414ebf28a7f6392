#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "harness/options/option_kinds.hpp"
#include "harness/app/subcommands.hpp"
#include "harness/formats/metric.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr const char* k_forms =
    "add RESULTS...\n"
    "changes\n"
    "plot --out=DIR\n"
    "export --csv [--out=FILE]\n"
    "import --csv FILE\n"
    "import --list FILE";

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
    "           JSON needs --commit (and --date unless its context has one), and\n"
    "           names no CPU model: --measured-here, on the machine that ran it,\n"
    "           records this machine's (a new CPU, kernel or compiler: a new series).\n"
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

constexpr help_page k_history_page{"history", k_forms, k_summary,
                          "  0  done; changes: no regression change point in the --window commits\n"
                          "  1  changes: a regression change point in the --window commits\n"
                          "  2  bad input or usage (the store is left as it was); changes, plot: a\n"
                          "     --metric whose direction is neither built in nor given by --direction\n"};

// --metric NAME: any name a store may hold (which ones it holds, the store
// says when read).
std::string metric_name(const given& g) {
  const auto& metric = g.text();
  const bool plain = !metric.empty() && std::all_of(metric.begin(), metric.end(), [](char c) {
    return std::isgraph(static_cast<unsigned char>(c)) != 0;
  });
  if (!plain) {
    throw input_error("--metric '" + metric + "': expected a metric name (real_time, cpu_time, instructions, "
                      "throughput, or a counter's name such as items_per_second)");
  }
  return metric;
}

using history_row = option<history_options>;
// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
std::vector<history_row> history_rows() {
  // The settings' own initial values are the defaults --help shows.
  const history_options defaults;
  return std::vector<history_row>{
      {{"input", "", takes::values, "VERB RESULTS...", "", shown::positional},
       [](history_options& o, const given& g) {
         // The verb is checked before the values (checked_verb); the rest are its files.
         if (!g.texts.empty()) o.inputs.assign(g.texts.begin() + 1, g.texts.end());
       }},
      {{"history", "STORE", takes::value,
        "the history store: a file (SQLite) or a postgresql:// URL",
        "$BENCHGATE_HISTORY, else " + defaults.store},
       [](history_options& o, const given& g) { o.store = non_empty(g, "a file path or a postgresql:// URL"); }},
  } + for_verbs({"add"}, std::vector<history_row>{
      {{"commit", "SHA", takes::value, "the commit the results measured (required when they do not record one)"},
       [](history_options& o, const given& g) { o.commit = g.text(); }},
      {{"date", "DATE", takes::value,
        "the commit's date, ISO 8601 (git log -1 --format=%cI SHA); orders the series", "the run's date"},
       [](history_options& o, const given& g) { o.date = g.text(); }},
      {{"measured-here", "", takes::flag,
        "the results were measured on this machine: when they name no CPU model (Google Benchmark JSON), record "
        "this machine's CPU model, logical CPUs, kernel and visible C++ compiler ($CXX, else c++), listed in the "
        "fingerprint's read_by_history_add; results naming another CPU count are refused"},
       [](history_options& o, const given&) { o.measured_here = true; }},
  }) + for_verbs({"changes", "plot"}, std::vector<history_row>{
      {{"case", "NAME", takes::values, "only this case (repeatable)"}, stored_later<history_options>},
      {{"filter", "REGEX", takes::value, "only cells whose name matches"},
       [](history_options& o, const given& g) { o.filter = regex(g); }},
      {{"since", "DATE|COMMIT", takes::value,
        "only commits dated at or after DATE, or from the stored COMMIT (a prefix) on, that commit included"},
       [](history_options& o, const given& g) { o.since = g.text(); }},
  }) + for_verbs({"changes", "plot", "export"}, std::vector<history_row>{
      {{"metric", "NAME", takes::value,
        "the metric followed: real_time, cpu_time, instructions, throughput, or "
        "a counter's or figure's name", defaults.metric},
       [](history_options& o, const given& g) { o.metric = metric_name(g); }},
  }) + for_verbs({"changes", "plot"}, std::vector<history_row>{
      {{"direction", "NAME=higher|lower", takes::values,
        "which way metric NAME is better (repeatable), e.g. --direction hits=higher: a drop of "
        "hits is then a regression; required for a --metric that is not a time, a count or a rate (*_per_second)"},
       [](history_options& o, const given& g) { o.directions = directions(g); }},
      {{"min-change", "PCT", takes::value,
        "report change points of at least PCT percent",
        text::number_text(defaults.min_change_pct) + ", as compare's noise threshold"},
       [](history_options& o, const given& g) { o.min_change_pct = percent(g, {.example = ", e.g. 5"}); }},
      {{"alpha", "P", takes::value, "significance level of the t test, in (0, 1)",
        text::number_text(defaults.alpha)},
       [](history_options& o, const given& g) { o.alpha = probability(g, "0.001"); }},
  }) + for_verbs({"changes"}, std::vector<history_row>{
      {{"window", "N", takes::value,
        "exit 1 when a regression change point's first commit is among the last N commits"},
       [](history_options& o, const given& g) { o.recent_commits = static_cast<std::size_t>(count(g, {1})); }},
  }) + for_verbs({"changes", "plot"}, std::vector<history_row>{
      {{"min-segment", "N", takes::value,
        "commits on each side of a change point, at least; 2 or more",
        std::to_string(defaults.min_segment)},
       [](history_options& o, const given& g) { o.min_segment = static_cast<std::size_t>(count(g, {2})); }},
      {{"detection-window", "N", takes::value,
        "commits per E-divisive window; 0: the whole series at once, cost O(n^2)",
        std::to_string(defaults.detection_window)},
       [](history_options& o, const given& g) { o.detection_window = static_cast<std::size_t>(count(g, {0})); }},
      {{"min-tail", "N", takes::value,
        "commits after an early change point (in the last --min-segment - 1), at least; "
        "--min-segment or more: none early", std::to_string(defaults.min_tail)},
       [](history_options& o, const given& g) { o.min_tail = static_cast<std::size_t>(count(g, {1})); }},
      {{"any-environment", "", takes::flag, "one series per cell whatever the environment fingerprint"},
       [](history_options& o, const given&) { o.any_environment = true; }},
  }) + for_verbs({"changes"}, std::vector<history_row>{
      {{"json", "FILE", takes::value, "also write benchgate.changes/1 JSON to FILE"},
       [](history_options& o, const given& g) { o.json = output_file(g); }},
      {{"thresholds", "", takes::flag,
        "also print, for each series, how far from its mean the next commit must move to be reported at once (the "
        "JSON always has them)"},
       [](history_options& o, const given&) { o.thresholds = true; }},
  }) + for_verbs({"export", "import"}, std::vector<history_row>{
      {{"csv", "", takes::flag, "the format, CSV (export's only one; import --csv FILE reads a CSV of series)"},
       [](history_options&, const given&) {}},  // says which import; export's only format
  }) + for_verbs({"import"}, std::vector<history_row>{
      {{"list", "", takes::flag, "FILE holds path,commit,date lines naming result files (instead of --csv FILE)"},
       [](history_options& o, const given&) { o.import_list = true; }},
  }) + for_verbs({"import"}, needing("csv", std::vector<history_row>{
      {{"time-column", "NAME", takes::value, "the time column", defaults.time_column},
       [](history_options& o, const given& g) { o.time_column = g.text(); }},
      {{"commit-column", "NAME", takes::value, "the commit column", defaults.commit_column},
       [](history_options& o, const given& g) { o.commit_column = g.text(); }},
      {{"environment-column", "NAME", takes::value,
        "the environment fingerprint column, optional in the file",
        defaults.environment_column},
       [](history_options& o, const given& g) { o.environment_column = g.text(); }},
      {{"attribute", "NAME", takes::values, "a column that is no metric, ignored (repeatable)"},
       [](history_options& o, const given& g) { o.attributes = g.texts; }},
  })) + for_verbs({"export", "plot"}, std::vector<history_row>{
      {{"out", "FILE|DIR", takes::value,
        "where to write: export's FILE, atomically; plot's folder of charts, DIR (required)", "stdout, for export"},
       [](history_options& o, const given& g) { o.out = o.verb == history_verb::plot ? folder(g) : output_file(g); }},
  });
}

// The verb (the table refuses the options that do not apply to it, before
// any value is checked).
history_verb checked_verb(const parse_outcome& parsed) {
  const auto* positionals = parsed.find("input");
  if (positionals == nullptr || positionals->texts.empty()) {
    throw input_error("benchgate history: expected a verb: add, changes, plot, export or import; see 'benchgate history --help'");
  }
  const auto& verb = positionals->texts.front();
  if (verb == "add") return history_verb::add;
  if (verb == "import") return history_verb::import;
  if (verb != "changes" && verb != "plot" && verb != "export") {
    throw input_error("benchgate history " + verb + ": unknown verb; expected add, changes, plot, export or import");
  }
  if (positionals->texts.size() > 1) {
    throw input_error("benchgate history " + verb + ": unexpected argument '" + positionals->texts[1] + "'");
  }
  if (verb == "export") {
    if (!parsed.was_given("csv")) throw input_error("benchgate history export: expected --csv (the only export format)");
    return history_verb::export_csv;
  }
  return verb == "plot" ? history_verb::plot : history_verb::changes;
}

}  // namespace

command parse_history(const std::vector<std::string>& args, const suite::registry& cases) {
  history_options out;
  const auto parsed = parse_table(out, k_history_page, history_rows(), args, false,
                                  [&](const parse_outcome& given) { out.verb = checked_verb(given); });
  if (parsed.help) return help_request{*parsed.help};
  if (!parsed.was_given("history")) {
    if (const char* env = std::getenv("BENCHGATE_HISTORY"); env != nullptr && *env != '\0') {
      out.store = env;
      out.store_origin = "BENCHGATE_HISTORY";
    }
  }
  switch (out.verb) {
    case history_verb::add:
      if (out.inputs.empty()) throw input_error("benchgate history add: expected RESULTS files");
      break;
    case history_verb::import:
      if (out.import_list == parsed.was_given("csv") || out.inputs.size() != 1) {
        throw input_error("benchgate history import: expected --csv FILE or --list FILE (one of them, one FILE)");
      }
      out.import_file = out.inputs.front();
      out.inputs.clear();
      break;
    case history_verb::plot:
    case history_verb::changes:
      if (out.verb == history_verb::plot && !out.out) throw input_error("benchgate history plot: --out DIR is required");
      if (const auto* names = parsed.find("case")) out.cases = checked_case_names(names->texts, cases);
      if (out.detection_window != 0 && out.detection_window < 2 * out.min_segment) {
        // Blame the option the user gave: --min-segment alone against the
        // default window is --min-segment's fault.
        if (!parsed.was_given("detection-window")) {
          throw input_error("--min-segment " + std::to_string(out.min_segment) +
                            ": expected at most half of --detection-window (" + std::to_string(out.detection_window) +
                            " by default), or give --detection-window 0 (the whole series) or at least " +
                            std::to_string(2 * out.min_segment));
        }
        throw input_error("--detection-window " + std::to_string(out.detection_window) +
                          ": expected 0 or at least twice --min-segment (" + std::to_string(2 * out.min_segment) + ")");
      }
      break;
    case history_verb::export_csv:
      break;
  }
  std::vector<named_file> inputs = {{"--history", out.store}};
  for (const auto& file : out.inputs) inputs.push_back({"RESULTS", file});
  if (out.verb == history_verb::import) inputs.push_back({out.import_list ? "--list" : "--csv", out.import_file});
  check_outputs_apart(inputs, {{"--json", out.json}, {"--out", out.verb == history_verb::plot ? std::nullopt : out.out}});
  return out;
}

}  // namespace benchgate::app::detail
