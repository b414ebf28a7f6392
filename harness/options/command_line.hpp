#pragma once
// The only place argv is read. Turns the command line into one validated
// command value; every problem is an input_error naming the option, the value
// and what was expected.

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

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

namespace benchgate::options {

// `--help` anywhere, or no command: print `text` on stdout, exit 0.
struct help_request {
  std::string text;
};

// `benchgate --version`.
struct version_request {};

struct list_options {
  std::vector<std::string> cases;  // empty: every case
};

struct merge_options {
  std::vector<std::string> inputs;  // benchgate results files
  std::filesystem::path out;
};

using command = std::variant<help_request, version_request, list_options, run_options, compare_options,
                             gate_options, merge_options, plot_options, report_options, calibrate_options,
                             history_options, ab_options, explain_options>;

// `args` excludes the program name. Throws input_error on bad usage.
command parse_command_line(const std::vector<std::string>& args, const suite::registry& cases);

}  // namespace benchgate::options
