#include "harness/app/history/host_machine.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <system_error>

#include "harness/environment/environment.hpp"
#include "harness/support/files/temp_folder.hpp"
#include "harness/support/process/child_process.hpp"
#include "harness/support/text/split_text.hpp"

namespace benchgate::app {

namespace {

// What a build on this machine most likely used: the compiler CMake and
// make pick by default.
constexpr const char* k_default_compiler = "c++";

// `name` as a path: itself when it has a '/', else the first executable of
// that name in PATH's folders.
std::optional<std::filesystem::path> find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return std::filesystem::path(name);
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  for (const auto& folder : text::split(path, ':')) {
    const auto candidate = std::filesystem::path(folder.empty() ? "." : folder) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

std::optional<std::string> visible_compiler() {
  const char* cxx = std::getenv("CXX");
  const auto binary = find_program(cxx != nullptr && *cxx != '\0' ? cxx : k_default_compiler);
  if (!binary) return std::nullopt;
  try {
    files::temp_folder folder("benchgate-compiler");
    const auto out = folder.path() / "out";
    const auto err = folder.path() / "err";
    const auto outcome = process::run_child_split(*binary, {"--version"}, out, err);
    if (!outcome.exit_code || *outcome.exit_code != 0) return std::nullopt;
    std::ifstream in(out);
    std::string line;
    if (!std::getline(in, line) || line.empty()) return std::nullopt;
    return line;
  } catch (const std::system_error&) {
    return std::nullopt;  // no temporary folder: the compiler stays unknown
  }
}

}  // namespace

history::host_machine read_host_machine() {
  const auto env = environment::capture();
  return {env.cpu_model, env.logical_cpus, env.os, visible_compiler()};
}

}  // namespace benchgate::app
