#include "harness/app/command_line.hpp"

#include <algorithm>
#include <functional>

#include "harness/support/errors/input_error.hpp"
#include "harness/app/subcommands.hpp"

namespace benchgate::app {

namespace {

using parser = command (*)(const std::vector<std::string>&, const suite::registry&);

struct subcommand {
  const char* name;
  const char* summary;
  parser parse;
};

constexpr subcommand k_subcommands[] = {
    {"list", "list cases, their variants and parameter axes", detail::parse_list},
    {"run", "run benchmarks; print a report and write results JSON", detail::parse_run},
    {"compare", "compare two results (or a run's variants): changes, p-values, verdicts", detail::parse_compare},
    {"gate", "judge a comparison against thresholds and rules: exit 1 on a confirmed regression", detail::parse_gate},
    {"ab", "compare two builds paired from the first sample (lockstep runs), then gate them", detail::parse_ab},
    {"merge", "pool the samples of several runs of the same build into one results file", detail::parse_merge},
    {"plot", "draw charts (SVG, PNG, gnuplot scripts) of results or a comparison", detail::parse_plot},
    {"report", "write a static HTML page of results, a comparison and their charts", detail::parse_report},
    {"calibrate", "measure the noise floor: A/A false alarms, injected-slowdown detections", detail::parse_calibrate},
    {"history", "keep every run in a store; find change points across commits", detail::parse_history},
    {"explain", "why a cell changed: per-function instruction counts of two builds under callgrind", detail::parse_explain},
};

std::string top_help() {
  std::string text =
      "Usage: benchgate COMMAND [OPTIONS]\n"
      "       benchgate COMMAND --help   (or: benchgate help COMMAND)\n\n"
      "benchgate runs optimized cores beside their naive baselines over parameter\n"
      "grids, with Google Benchmark, and writes JSON results.\n\nCommands:\n";
  for (const auto& s : k_subcommands) {
    std::string name = s.name;
    name.resize(10, ' ');
    text += "  " + name + s.summary + "\n";
  }
  text +=
      "\nOptions:\n  -h [ --help ]    show this help\n  --version        print the version\n"
      "\nExit codes (every command):\n"
      "  0  success, no regression\n"
      "  1  a regression was found, or a benchmark failed its correctness check\n"
      "  2  bad input or usage (the message on stderr says what to fix)\n"
      "  3  results too unstable or incomplete to judge (a cell missing or with too few samples)\n"
      "  70 internal error: a bug in benchgate (please report it with the command line)\n";
  return text;
}

}  // namespace

command parse_command_line(const std::vector<std::string>& args, const suite::registry& cases) {
  std::string names;
  for (const auto& s : k_subcommands) names += (names.empty() ? "" : ", ") + std::string(s.name);
  // No command is a usage error (exit 2), not a request for help.
  if (args.empty()) throw input_error("expected a command, one of " + names + " (see 'benchgate --help')");
  // `benchgate help COMMAND` is `benchgate COMMAND --help`.
  const bool help_for_command = args[0] == "help" && args.size() > 1;
  if (!help_for_command && (args[0] == "--help" || args[0] == "-h" || args[0] == "help")) {
    return help_request{top_help()};
  }
  if (args[0] == "--version") return version_request{};
  const auto& name = help_for_command ? args[1] : args[0];
  if (help_for_command && args.size() > 2) {
    throw input_error("benchgate help: expected one command, got " + std::to_string(args.size() - 1) +
                      " arguments (see 'benchgate --help')");
  }
  for (const auto& s : k_subcommands) {
    if (name == s.name) {
      if (help_for_command) return s.parse({"--help"}, cases);
      return s.parse(std::vector<std::string>(args.begin() + 1, args.end()), cases);
    }
  }
  throw input_error("unknown command '" + name + "'; expected one of " + names + " (see 'benchgate --help')");
}

namespace detail {

std::vector<std::string> checked_case_names(const std::vector<std::string>& names,
                                            const suite::registry& cases) {
  std::vector<std::string> out;
  for (const auto& name : names) {
    if (cases.find(name) == nullptr) {
      throw input_error("--case " + name + ": unknown case; expected one of " + cases.names() +
                        " (see 'benchgate list')");
    }
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  return out;
}

}  // namespace detail

}  // namespace benchgate::app
