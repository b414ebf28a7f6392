#pragma once
// The message of the input_error a call throws, for tests of bad input.

#include <string>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::test_support {

// What `call()` throws as input_error; "(no error)" when it throws none.
template <class Call>
std::string input_error_message(Call&& call) {
  try {
    call();
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace benchgate::test_support
