#pragma once
// One parser per subcommand (internal to harness/app), each beside its
// command in harness/app/NAME/; command_line.cpp dispatches to them.

#include <string>
#include <vector>

#include "harness/app/command_line.hpp"
#include "harness/options/option_table.hpp"

namespace benchgate::app::detail {

command parse_list(const std::vector<std::string>& args, const suite::registry& cases);
command parse_run(const std::vector<std::string>& args, const suite::registry& cases);
command parse_compare(const std::vector<std::string>& args, const suite::registry& cases);
command parse_gate(const std::vector<std::string>& args, const suite::registry& cases);
command parse_merge(const std::vector<std::string>& args, const suite::registry& cases);
command parse_plot(const std::vector<std::string>& args, const suite::registry& cases);
command parse_report(const std::vector<std::string>& args, const suite::registry& cases);
command parse_calibrate(const std::vector<std::string>& args, const suite::registry& cases);
command parse_history(const std::vector<std::string>& args, const suite::registry& cases);

command parse_explain(const std::vector<std::string>& args, const suite::registry& cases);
command parse_ab(const std::vector<std::string>& args, const suite::registry& cases);

// The rows of gate's table that judge a comparison (--rules ... --alpha),
// those of its confirmation (--confirm ... --confirm-dir) and those of
// --explain after the verdict, shared with ab.
std::vector<options::detail::option<options::gate_options>> gate_judgement_rows();
std::vector<options::detail::option<options::gate_options>> confirm_rows();
std::vector<options::detail::option<options::gate_options>> explain_after_rows();

// run's table (run_option_names lists its documented options).
std::vector<options::detail::option<options::run_options>> run_rows();

// Checks --case values against the registry (unknown -> input_error) and
// drops repeats, keeping the first order.
std::vector<std::string> checked_case_names(const std::vector<std::string>& names,
                                            const suite::registry& cases);

}  // namespace benchgate::app::detail
