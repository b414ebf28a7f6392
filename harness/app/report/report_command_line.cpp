#include "harness/options/option_kinds.hpp"
#include "harness/html/report_options.hpp"
#include "harness/app/subcommands.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/metric.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr help_page k_report_page{
    "report",
    "RESULTS --out",
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
    "  0  the page was written\n"
    "  2  bad input or usage, or gnuplot is not installed; a --metric no cell of\n"
    "     RESULTS carries\n"};

// The table shows a time's throughput in a column of its own.
compare::time_metric table_metric(const given& g) {
  const auto metric = compare::parse_time_metric(g.text());
  if (!metric || g.text() == "throughput") {
    throw input_error("--metric " + g.text() + ": expected real_time, cpu_time, instructions or a counter's name "
                      "(letters, digits, _ - . :), e.g. items_per_second; a time's throughput has its own column");
  }
  return *metric;
}

// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
std::vector<option<report_options>> report_rows() {
  return {
    {{"input", "", takes::values, "RESULTS", "", shown::positional},
     [](report_options& o, const given& g) { o.results = single_input(g, "report", "RESULTS"); }},
    {{"diff", "DIFF", takes::value,
      "a comparison to show (benchgate compare --json)", "the run's variants against its baseline cells"},
     [](report_options& o, const given& g) { o.diff = non_empty(g, "a file name"); }},
    {{"out", "DIR", takes::value,
      "the folder of the page: DIR/index.html and DIR/charts/ (created when missing); required"},
     [](report_options& o, const given& g) { o.out_dir = output_folder(g); }},
    {{"gate-threshold", "PCT", takes::value, "also draw +-PCT percent on the change chart: 5 and 5% both mean 5 %"},
     [](report_options& o, const given& g) { o.gate_threshold = percent_as_fraction(g, "5"); }},
    {{"history", "STORE", takes::value,
      "also show the history of RESULTS' cells kept in this store, a file or a postgresql:// URL "
      "(benchgate history add): "
      "their change points and one timeline per case, as benchgate history plot draws them"},
     [](report_options& o, const given& g) { o.history = non_empty(g, "a history store (benchgate history add)"); }},
    {{"metric", "NAME", takes::value,
      "what each case's table shows per cell, and, without --diff, what its variants are compared on: real_time, "
      "cpu_time, instructions, or any counter the cells carry by name (a Google Benchmark user counter or rate, a "
      "case's figure; one whose direction is not built in needs --direction when there are variants to compare). "
      "The column header names the metric and its unit", "the run's instructions when it counted them, else real_time"},
     [](report_options& o, const given& g) { o.metric = table_metric(g); }},
    {{"direction", "METRIC=higher|lower", takes::values,
      "which way METRIC is better (repeatable), named in the column header; times, counts and rates "
      "(*_per_second) have theirs built in"},
     [](report_options& o, const given& g) { o.directions = directions(g); }},
    {{"explain", "FILE", takes::value,
      "also show why failing cells changed: explanations (benchgate.explain/1) from 'explain --json', 'gate "
      "--explain --explain-json' or 'ab --explain --explain-json'; each cell's top functions under its row and in "
      "a section, its flame graph copied to DIR/flamegraphs/ and linked"},
     [](report_options& o, const given& g) { o.explain = non_empty(g, "a file name (benchgate.explain/1)"); }},
  };
}

}  // namespace

command parse_report(const std::vector<std::string>& args, const suite::registry&) {
  report_options out;
  if (auto help = parse_table(out, k_report_page, report_rows(), args).help) return help_request{*help};
  if (out.out_dir.empty()) required("report", "--out DIR", "the folder to write to");
  return out;
}

}  // namespace benchgate::app::detail
