#pragma once
// Running another program as a child process, without a shell: the
// benchgate binaries that gate --confirm re-runs, and this binary under
// valgrind for run --measure instructions.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace benchgate::process {

struct child_outcome {
  int start_error = 0;            // errno-style: posix_spawn or waitpid failed
  std::optional<int> exit_code;   // when it exited
  std::optional<int> signal;      // when a signal ended it
};

// How it ended, for messages: "exited with 3", "was ended by signal 6
// (SIGABRT: Aborted)", "could not start (No such file or directory)".
std::string how_it_ended(const child_outcome& outcome);

// "signal 15 (SIGTERM: Terminated)".
std::string signal_text(int signal);

// Every start of a child throws `terminated` (termination.hpp) once a
// termination signal came.

// Runs `binary ARGS...` and waits for it. With `log`, stdin is /dev/null and
// stdout and stderr are appended to `log`; without, the child shares this
// process's standard streams. `environment`: NAME=VALUE entries the child
// gets on top of this process's environment (replacing those of the same
// NAME), e.g. LD_PRELOAD.
child_outcome run_child(const std::filesystem::path& binary, const std::vector<std::string>& args,
                        const std::optional<std::filesystem::path>& log = std::nullopt,
                        const std::vector<std::string>& environment = {});

// Runs `binary ARGS...` as run_child does with a log, but with its stdout
// appended to `out` and its stderr to `err` (e.g. a listing to read apart
// from the warnings).
child_outcome run_child_split(const std::filesystem::path& binary, const std::vector<std::string>& args,
                              const std::filesystem::path& out, const std::filesystem::path& err);

// A child started and not yet waited for.
struct started_child {
  int pid = -1;
  int start_error = 0;  // errno-style, when posix_spawn failed (pid -1)
};

// Starts `binary ARGS...` as run_child does, without waiting; the child
// inherits this process's descriptors that are not close-on-exec, but for
// those in `close_in_child`; `environment` as for run_child.
started_child start_child(const std::filesystem::path& binary, const std::vector<std::string>& args,
                          const std::optional<std::filesystem::path>& log,
                          const std::vector<int>& close_in_child = {},
                          const std::vector<std::string>& environment = {});

// Waits for a started child.
child_outcome wait_for(const started_child& child);

// The path of the running executable (/proc/self/exe).
std::filesystem::path this_executable();

}  // namespace benchgate::process
