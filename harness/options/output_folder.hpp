#pragma once
// Helpers shared by the plot and report parsers (internal to harness/options).

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/options/parse_support.hpp"

namespace benchgate::options::detail {

// --out DIR: required, not empty, not an existing file.
std::filesystem::path required_output_folder(const po::variables_map& vm, const std::string& command);

// --gate-threshold PCT: a percentage >= 0 (5 and 5% both mean 5 %), as a fraction.
std::optional<double> gate_threshold(const po::variables_map& vm);

// The one positional argument, named `what` in messages.
std::string single_input(const po::variables_map& vm, const std::string& command, const std::string& what);

}  // namespace benchgate::options::detail
