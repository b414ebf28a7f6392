#pragma once
// Runs the benchgate binary of this build and captures what it printed.

#include <string>
#include <vector>

namespace benchgate::test_support {

struct cli_result {
  int exit_code = -1;  // -1 when the process did not exit normally
  std::string out;
  std::string err;
};

// Runs `benchgate ARGS...` with no shell involved; stdin is /dev/null.
cli_result run_benchgate(const std::vector<std::string>& args);

// Path of the repository, for test inputs kept in it.
std::string source_dir();

// The real-inputs folder (BENCHGATE_DATA_DIR), "" when not given.
std::string data_dir();

}  // namespace benchgate::test_support
