#include "harness/support/errors/input_error.hpp"
#include "harness/options/output_folder.hpp"
#include "harness/html/report_options.hpp"
#include "harness/options/subcommands.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/metric.hpp"

namespace benchgate::options::detail {

namespace {

po::options_description report_description() {
  auto d = make_description();
  d.add_options()
      ("diff", po::value<std::string>()->value_name("DIFF"),
       "a comparison to show (benchgate compare --json); default: the run's variants against its baseline cells")
      ("out", po::value<std::string>()->value_name("DIR"),
       "the folder of the page: DIR/index.html and DIR/charts/ (created when missing); required")
      ("gate-threshold", po::value<std::string>()->value_name("PCT"),
       "also draw +-PCT percent on the change chart: 5 and 5% both mean 5 %")
      ("history", po::value<std::string>()->value_name("STORE"),
       "also show the history of RESULTS' cells kept in this store, a file or a postgresql:// URL "
       "(benchgate history add): "
       "their change points and one timeline per case, as benchgate history plot draws them")
      ("metric", po::value<std::string>()->value_name("NAME"),
       "what each case's table shows per cell: real_time, cpu_time, instructions, or any counter the cells "
       "carry by name (a Google Benchmark user counter or rate, a case's figure); default: the run's instructions "
       "when it counted them, else real_time. The column header names the metric and its unit")
      ("direction", po::value<std::vector<std::string>>()->value_name("METRIC=higher|lower"),
       "which way METRIC is better (repeatable), named in the column header; times, counts and rates "
       "(*_per_second) have theirs built in")
      ("explain", po::value<std::string>()->value_name("FILE"),
       "also show why failing cells changed: explanations (benchgate.explain/1) from 'explain --json', 'gate "
       "--explain --explain-json' or 'ab --explain --explain-json'; each cell's top functions under its row and in "
       "a section, its flame graph copied to DIR/flamegraphs/ and linked");
  return d;
}

}  // namespace

command parse_report(const std::vector<std::string>& args, const suite::registry&) {
  const auto described = report_description();
  auto accepted = report_description();
  accepted.add_options()("input", po::value<std::vector<std::string>>(), "RESULTS");
  po::positional_options_description positional;
  positional.add("input", -1);
  bool wants_help = false;
  const auto vm = parse("report", args, accepted, wants_help, &positional);
  if (wants_help) {
    return help_request{help_text(
        "benchgate report RESULTS [--diff DIFF] [--history FILE] [--metric NAME] [--direction NAME=higher|lower]...\n"
        "                 [--explain EXPLAIN_JSON]\n"
        "                 --out DIR",
        "Writes a static HTML page, DIR/index.html, with its charts in DIR/charts/:\n"
        "the summary of the comparison (verdict counts, geometric-mean change), the\n"
        "change chart, per case the grid and speed-up charts and a table of every\n"
        "cell (mean time, or --metric, with its interval, throughput, change, p, verdict, the\n"
        "case's figures, a link to the cell's samples), the environment of both\n"
        "sides and the settings; with --history, the change points and timelines\n"
        "of RESULTS' cells across the stored commits (default settings of history\n"
        "changes, wall time). No script and no network: open it in any browser,\n"
        "or print it. Needs gnuplot (Debian package gnuplot-nox).\n\n"
        "Examples:\n"
        "  benchgate report reports/latest/results.json --out reports/latest\n"
        "  benchgate report new.json --diff diff.json --out reports/pr-42\n"
        "  benchgate report gbench.json --metric hits --direction hits=higher --out reports/hits\n"
        "  benchgate report reports/latest/results.json --history reports/history.db --out reports/latest\n"
        "  benchgate report new.json --diff diff.json --explain explain.json --out reports/pr-42",
        described,
        "  0  the page was written\n"
        "  2  bad input or usage, or gnuplot is not installed; a --metric no cell of\n"
        "     RESULTS carries\n")};
  }
  report_options out;
  out.results = single_input(vm, "report", "RESULTS");
  out.diff = get_string(vm, "diff");
  if (out.diff && out.diff->empty()) throw input_error("--diff: expected a file name, got ''");
  out.out_dir = required_output_folder(vm, "report");
  out.gate_threshold = gate_threshold(vm);
  if (const auto history = get_string(vm, "history")) {
    if (history->empty()) throw input_error("--history: expected a history store (benchgate history add), got ''");
    out.history = *history;
  }
  if (const auto text = get_string(vm, "metric")) {
    out.metric = results::parse_time_metric(*text);
    // The table shows a time's throughput in a column of its own.
    if (!out.metric || *text == "throughput") {
      throw input_error("--metric " + *text + ": expected real_time, cpu_time, instructions or a counter's name "
                        "(letters, digits, _ - . :), e.g. items_per_second; a time's throughput has its own column");
    }
  }
  for (const auto& text : get_strings(vm, "direction")) {
    out.directions.push_back(results::parse_declared_direction(text, "--direction"));
  }
  if (const auto explain = get_string(vm, "explain")) {
    if (explain->empty()) throw input_error("--explain: expected a file name (benchgate.explain/1), got ''");
    out.explain = std::filesystem::path(*explain);
  }
  return out;
}

}  // namespace benchgate::options::detail
