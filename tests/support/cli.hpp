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

// A benchgate process started in the background, e.g. to be killed.
class running_benchgate {
 public:
  // `environment`: NAME=VALUE entries on top of this process's (e.g. TMPDIR).
  explicit running_benchgate(const std::vector<std::string>& args, const std::vector<std::string>& environment = {});
  ~running_benchgate();
  running_benchgate(const running_benchgate&) = delete;
  running_benchgate& operator=(const running_benchgate&) = delete;

  // Sends `signal` (no effect once the process has been waited for).
  void kill(int signal);
  // Waits for the end; returns what it printed and its exit code (-1 and
  // the signal number in `signal` when a signal ended it).
  cli_result wait(int* signal = nullptr);
  int pid() const;

 private:
  struct state;
  state* state_;
};

// Path of this build's benchgate binary.
std::string binary_path();

// Path of the repository, for test inputs kept in it.
std::string source_dir();

// The real-inputs folder (BENCHGATE_DATA_DIR), "" when not given.
std::string data_dir();

}  // namespace benchgate::test_support
