#pragma once
// One parser per subcommand (internal to harness/options); command_line.cpp
// dispatches to them.

#include <string>
#include <vector>

#include "harness/options/command_line.hpp"
#include "harness/options/parse_support.hpp"

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

command parse_explain(const std::vector<std::string>& args, const suite::registry& cases);
command parse_ab(const std::vector<std::string>& args, const suite::registry& cases);

// The options of gate that judge a comparison (--rules ... --alpha) and
// those of its confirmation (--confirm ... --confirm-dir), shared with ab:
// their descriptions and their checked values, read into `out`.
po::options_description gate_judgement_description();
po::options_description confirm_description();
void read_gate_judgement(const po::variables_map& vm, gate_options& out);
void read_confirm(const po::variables_map& vm, gate_options& out);
// --explain and its budget and outputs (--explain-max-cells ...), shared with ab.
po::options_description explain_after_description();
void read_explain_after(const po::variables_map& vm, gate_options& out);

// Checks --case values against the registry (unknown -> input_error) and
// drops repeats, keeping the first order.
std::vector<std::string> checked_case_names(const std::vector<std::string>& names,
                                            const suite::registry& cases);

}  // namespace benchgate::options::detail
