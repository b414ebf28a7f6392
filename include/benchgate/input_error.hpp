#pragma once
// benchgate/input_error.hpp: the one error type for bad user input.
//
// Contract: throw input_error for command-line values, input files, result
// files or a case definition that cannot be used. The message names the
// value, where it came from and what was expected, e.g.
// "--param density=1.5: expected a number in (0, 1]", without an "error:"
// prefix: the driver's main() prints "error: <message>" on stderr and exits
// with 2. Libraries never print or exit.

#include <stdexcept>
#include <string>

namespace benchgate {

class input_error : public std::runtime_error {
 public:
  explicit input_error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace benchgate
