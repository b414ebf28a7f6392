#include "harness/options/output_folder.hpp"
#include "harness/charts/plot_options.hpp"
#include "harness/options/subcommands.hpp"

namespace benchgate::options::detail {

namespace {

po::options_description plot_description() {
  auto d = make_description();
  d.add_options()
      ("out", po::value<std::string>()->value_name("DIR"),
       "the folder the charts are written to (created when missing); required")
      ("gate-threshold", po::value<std::string>()->value_name("PCT"),
       "also draw +-PCT percent on the change chart: 5 and 5% both mean 5 %");
  return d;
}

}  // namespace

command parse_plot(const std::vector<std::string>& args, const suite::registry&) {
  const auto described = plot_description();
  auto accepted = plot_description();
  accepted.add_options()("input", po::value<std::vector<std::string>>(), "RESULTS_OR_DIFF");
  po::positional_options_description positional;
  positional.add("input", -1);
  bool wants_help = false;
  const auto vm = parse("plot", args, accepted, wants_help, &positional);
  if (wants_help) {
    return help_request{help_text(
        "benchgate plot RESULTS_OR_DIFF --out DIR [--gate-threshold PCT]",
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
        described, "  0  the charts were written\n  2  bad input or usage, or gnuplot is not installed\n")};
  }
  plot_options out;
  out.input = single_input(vm, "plot", "RESULTS_OR_DIFF");
  out.out_dir = required_output_folder(vm, "plot");
  out.gate_threshold = gate_threshold(vm);
  return out;
}

}  // namespace benchgate::options::detail
