#include "harness/options/output_folder.hpp"

#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

std::filesystem::path required_output_folder(const po::variables_map& vm, const std::string& command) {
  const auto dir = get_folder(vm, "out");
  if (!dir) {
    throw input_error("benchgate " + command + ": --out DIR is required (the folder to write to); see 'benchgate " +
                      command + " --help'");
  }
  if (std::filesystem::exists(*dir) && !std::filesystem::is_directory(*dir)) {
    throw input_error("--out " + dir->string() + ": is a file; expected a folder (created when missing)");
  }
  return *dir;
}

std::optional<double> gate_threshold(const po::variables_map& vm) {
  return get_percent_as_fraction(vm, "gate-threshold", "5");
}

std::string single_input(const po::variables_map& vm, const std::string& command, const std::string& what) {
  const auto inputs = get_strings(vm, "input");
  if (inputs.size() != 1) {
    throw input_error("benchgate " + command + ": expected one " + what + " file, got " +
                      std::to_string(inputs.size()) + "; see 'benchgate " + command + " --help'");
  }
  return inputs[0];
}

}  // namespace benchgate::options::detail
