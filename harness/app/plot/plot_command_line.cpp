#include "harness/options/option_kinds.hpp"
#include "harness/charts/plot_options.hpp"
#include "harness/app/subcommands.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr help_page k_plot_page{
    "plot", "RESULTS_OR_DIFF --out",
    "Draws charts with gnuplot, each as DIR/NAME.svg and DIR/NAME.png with the\n"
    "script DIR/NAME.gp and its data DIR/NAME.dat beside them (re-render with\n"
    "'cd DIR && gnuplot NAME.gp'). From results (benchgate or Google Benchmark\n"
    "JSON): per case a grid chart (throughput or time against the grid's x axis,\n"
    "one line per variant with confidence intervals, one panel per value of the\n"
    "other axes) and, when the run has baseline cells, a speed-up chart, a change\n"
    "chart and one distribution chart per compared cell. From a diff (benchgate\n"
    "compare --json): the change chart (one bar per cell, coloured by verdict, the\n"
    "noise threshold as lines) and the distributions when the diff's input files\n"
    "can still be read.\n\n"
    "Examples:\n"
    "  benchgate plot reports/latest/results.json --out reports/latest/charts\n"
    "  benchgate plot diff.json --out charts --gate-threshold 5%",
    "  0  the charts were written\n  2  bad input or usage, or gnuplot is not installed\n"};

// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
std::vector<option<plot_options>> plot_rows() {
  return {
    {{"input", "", takes::values, "RESULTS_OR_DIFF", "", shown::positional},
     [](plot_options& o, const given& g) { o.input = single_input(g, "plot", "RESULTS_OR_DIFF"); }},
    {{"out", "DIR", takes::value, "the folder the charts are written to (created when missing); required"},
     [](plot_options& o, const given& g) { o.out_dir = output_folder(g); }},
    {{"gate-threshold", "PCT", takes::value, "also draw +-PCT percent on the change chart: 5 and 5% both mean 5 %"},
     [](plot_options& o, const given& g) { o.gate_threshold = percent_as_fraction(g, "5"); }},
  };
}

}  // namespace

command parse_plot(const std::vector<std::string>& args, const suite::registry&) {
  plot_options out;
  if (auto help = parse_table(out, k_plot_page, plot_rows(), args).help) return help_request{*help};
  if (out.out_dir.empty()) required("plot", "--out DIR", "the folder to write to");
  return out;
}

}  // namespace benchgate::app::detail
