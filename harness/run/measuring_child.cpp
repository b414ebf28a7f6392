#include "harness/run/measuring_child.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <optional>
#include <system_error>

#include "harness/run/cache_sim.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/temp_folder.hpp"
#include "harness/support/process/child_process.hpp"

namespace benchgate::run {

namespace {

// Exit code of a child killed by a signal, as shells report it.
constexpr int k_signal_exit_base = 128;

std::optional<std::filesystem::path> find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::string_view rest = path;
  while (true) {
    const auto colon = rest.find(':');
    const std::filesystem::path dir(std::string(rest.substr(0, colon)));
    const auto candidate = (dir.empty() ? std::filesystem::path(".") : dir) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string_view::npos) return std::nullopt;
    rest = rest.substr(colon + 1);
  }
}

}  // namespace

std::vector<std::string> callgrind_arguments(const std::filesystem::path& out_file, bool cache_sim) {
  std::vector<std::string> args = {"--tool=callgrind", "--collect-atstart=no", "--instr-atstart=no",
                                   "--dump-instr=no",  "--quiet",
                                   "--callgrind-out-file=" + out_file.string()};
  if (cache_sim) {
    const auto cache = cache_sim_arguments();
    args.insert(args.end(), cache.begin(), cache.end());
  }
  return args;
}

std::filesystem::path valgrind_path(std::string_view purpose) {
  const auto valgrind = find_on_path("valgrind");
  if (!valgrind) {
    throw input_error(std::string(purpose) +
                      ": valgrind was not found on PATH; expected valgrind installed (Debian "
                      "package valgrind, installed by scripts/setup)");
  }
#ifdef BENCHGATE_SANITIZED
  throw input_error(std::string(purpose) +
                    ": this benchgate is built with AddressSanitizer, whose shadow memory valgrind "
                    "cannot run; expected a normal build (scripts/build)");
#endif
  return *valgrind;
}

int run_under_callgrind(const std::vector<std::string>& run_args, bool cache_sim) {
  const auto valgrind = valgrind_path("--measure instructions");
  const files::temp_folder dumps("benchgate-callgrind");
  const auto out_file = dumps.path() / "callgrind.out";
  auto args = callgrind_arguments(out_file, cache_sim);
  args.push_back(process::this_executable().string());
  args.push_back("run");
  args.insert(args.end(), run_args.begin(), run_args.end());
  args.push_back("--callgrind-out");
  args.push_back(out_file.string());
  const auto outcome = process::run_child(valgrind, args);
  if (outcome.start_error != 0) {
    throw std::system_error(outcome.start_error, std::generic_category(), "cannot run " + valgrind.string());
  }
  if (outcome.exit_code) return *outcome.exit_code;
  return k_signal_exit_base + outcome.signal.value_or(0);
}

}  // namespace benchgate::run
