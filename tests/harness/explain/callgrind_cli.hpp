#pragma once
// The fixture of the end-to-end tests that run benchgate under valgrind's
// callgrind (explain_cli_test.cpp, cache_sim_cli_test.cpp): skipped where
// valgrind is missing or cannot run the build (sanitizers), with the
// scratch folder's JSON and shell quoting at hand.

#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/support/files/file_io.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate::testing {

#ifdef BENCHGATE_SANITIZED
inline constexpr bool k_sanitized = true;
#else
inline constexpr bool k_sanitized = false;
#endif

inline bool valgrind_installed() { return std::system("valgrind --version >/dev/null 2>&1") == 0; }

class callgrind_cli_test : public cli_test {
 protected:
  void SetUp() override {
    cli_test::SetUp();
    if (!valgrind_installed()) GTEST_SKIP() << "valgrind is not installed: callgrind cannot run";
    if (k_sanitized) GTEST_SKIP() << "a sanitizer build: valgrind cannot run it";
  }
  static std::string quoted(const std::string& s) { return "'" + s + "'"; }
};

}  // namespace benchgate::testing
