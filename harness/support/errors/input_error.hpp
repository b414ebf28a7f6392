#pragma once
// The one error type for bad user input: command-line values, input files,
// result files, missing baselines, schema mismatches.
//
// The message names the value, where it came from and what was expected, e.g.
// "--param density=1.5: expected a number in (0, 1]". It carries no "error:"
// prefix: only main() catches input_error, prints "error: <message>" on stderr
// and exits with exit_code::bad_input. Libraries never print or exit.

#include <stdexcept>
#include <string>

namespace benchgate {

class input_error : public std::runtime_error {
 public:
  explicit input_error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace benchgate
