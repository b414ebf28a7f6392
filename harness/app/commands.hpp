#pragma once
// What each subcommand does with its validated options. Each returns the
// process exit code; bad input is thrown as input_error and handled in main.

#include <ostream>

#include "harness/errors/exit_codes.hpp"
#include "harness/options/command_line.hpp"
#include "harness/suite/registry.hpp"

namespace benchgate::app {

exit_code list_cases(const options::list_options& options, const suite::registry& cases,
                     std::ostream& out);

exit_code run_benchmarks(const options::run_options& options, const suite::registry& cases,
                         std::ostream& out);

}  // namespace benchgate::app
