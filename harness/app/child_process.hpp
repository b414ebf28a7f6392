#pragma once
// Running another program (a benchgate binary, for gate --confirm) as a child
// process, without a shell.

#include <filesystem>
#include <string>
#include <vector>

namespace benchgate::app {

// Runs `binary ARGS...` with stdin from /dev/null and stdout and stderr
// appended to `log`; waits for it. Returns its exit code, or -1 when it could
// not start or a signal ended it.
int run_child(const std::filesystem::path& binary, const std::vector<std::string>& args,
              const std::filesystem::path& log);

// The path of the running executable (/proc/self/exe).
std::filesystem::path this_executable();

}  // namespace benchgate::app
