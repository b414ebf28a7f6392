#pragma once
// One parser per subcommand (internal to harness/options); command_line.cpp
// dispatches to them.

#include <string>
#include <vector>

#include "harness/options/command_line.hpp"

namespace benchgate::options::detail {

command parse_list(const std::vector<std::string>& args, const suite::registry& cases);
command parse_run(const std::vector<std::string>& args, const suite::registry& cases);
command parse_compare(const std::vector<std::string>& args, const suite::registry& cases);
command parse_gate(const std::vector<std::string>& args, const suite::registry& cases);
command parse_merge(const std::vector<std::string>& args, const suite::registry& cases);
command parse_plot(const std::vector<std::string>& args, const suite::registry& cases);
command parse_report(const std::vector<std::string>& args, const suite::registry& cases);
command parse_calibrate(const std::vector<std::string>& args, const suite::registry& cases);
command parse_history(const std::vector<std::string>& args, const suite::registry& cases);

// Checks --case values against the registry (unknown -> input_error) and
// drops repeats, keeping the first order.
std::vector<std::string> checked_case_names(const std::vector<std::string>& names,
                                            const suite::registry& cases);

}  // namespace benchgate::options::detail
