#pragma once
// The only place argv is read. Turns the command line into one validated
// command value; every problem is an input_error naming the option, the value
// and what was expected.

#include <string>
#include <variant>
#include <vector>

#include "harness/app/list/list_options.hpp"
#include "harness/app/merge/merge_options.hpp"
#include "harness/gate/ab_options.hpp"
#include "harness/calibrate/calibrate_options.hpp"
#include "harness/compare/compare_options.hpp"
#include "harness/explain/explain_options.hpp"
#include "harness/gate/gate_options.hpp"
#include "harness/history/history_options.hpp"
#include "harness/charts/plot_options.hpp"
#include "harness/html/report_options.hpp"
#include "harness/run/run_options.hpp"
#include "harness/suite/registry.hpp"

namespace benchgate::app {

// `--help` anywhere, or no command: print `text` on stdout, exit 0.
struct help_request {
  std::string text;
};

// `benchgate --version`.
struct version_request {};

using command = std::variant<help_request, version_request, options::list_options, options::run_options,
                             options::compare_options, options::gate_options, options::merge_options,
                             options::plot_options, options::report_options, options::calibrate_options,
                             options::history_options, options::ab_options, options::explain_options>;

// `args` excludes the program name. Throws input_error on bad usage.
command parse_command_line(const std::vector<std::string>& args, const suite::registry& cases);

// ab's options once what OLD_BIN and NEW_BIN are is known (the command asks
// them, after parsing): for benchgate drivers the run options checked by
// this binary's run parser, for Google Benchmark executables their own.
// `parsed.gbench`'s listed names are kept. Throws input_error.
options::ab_options settle_ab(const options::ab_options& parsed, options::ab_binaries binaries,
                              const suite::registry& cases);

// The long names of `run`'s documented options (without --), in help order.
std::vector<std::string> run_option_names();

}  // namespace benchgate::app
