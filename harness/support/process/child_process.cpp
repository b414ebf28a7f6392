#include "harness/support/process/child_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <string_view>

#include "harness/support/process/termination.hpp"

extern char** environ;

namespace benchgate::process {

namespace {

constexpr int k_log_mode = 0644;

// This process's environment with the NAME=VALUE entries of `added`
// replacing those of the same NAME, or added.
std::vector<std::string> environment_with(const std::vector<std::string>& added) {
  const auto name_of = [](std::string_view entry) { return entry.substr(0, entry.find('=')); };
  std::vector<std::string> entries;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view entry(*e);
    const bool replaced = std::any_of(added.begin(), added.end(),
                                      [&](const std::string& a) { return name_of(a) == name_of(entry); });
    if (!replaced) entries.emplace_back(entry);
  }
  entries.insert(entries.end(), added.begin(), added.end());
  return entries;
}

// Starts `binary ARGS...`; with `out`, stdin is /dev/null and stdout is
// appended to `out`, and stderr to `err` (or to `out` too without `err`);
// with `environment`, those entries added to this process's environment.
started_child spawn(const std::filesystem::path& binary, const std::vector<std::string>& args,
                    const std::optional<std::filesystem::path>& out, const std::optional<std::filesystem::path>& err,
                    const std::vector<int>& close_in_child, const std::vector<std::string>& environment = {}) {
  // Started and registered with the termination signals held back, so that
  // one arriving meanwhile reaches this child too.
  const detail::termination_blocked blocked;
  if (const int signal = termination_signal()) throw terminated(signal);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (out) {
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out->c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                     k_log_mode);
    if (err) {
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err->c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                       k_log_mode);
    } else {
      posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    }
  }
  for (const int fd : close_in_child) posix_spawn_file_actions_addclose(&actions, fd);

  std::vector<std::string> argv_strings = {binary.string()};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);

  auto env_strings = environment_with(environment);
  std::vector<char*> envp;
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  // The child starts with this process's signal mask from before.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setsigmask(&attributes, &blocked.previous());
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);

  started_child child;
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, binary.c_str(), &actions, &attributes, argv.data(),
                                  environment.empty() ? environ : envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) {
    child.start_error = spawned;
    return child;
  }
  detail::register_child(pid);
  child.pid = pid;
  return child;
}

}  // namespace

std::string signal_text(int signal) {
  const char* abbreviation = ::sigabbrev_np(signal);
  const char* description = ::strsignal(signal);
  return "signal " + std::to_string(signal) + " (" +
         (abbreviation != nullptr ? "SIG" + std::string(abbreviation) + ": " : std::string()) +
         (description != nullptr ? description : "unknown") + ")";
}

std::string how_it_ended(const child_outcome& outcome) {
  if (outcome.exit_code) return "exited with " + std::to_string(*outcome.exit_code);
  if (outcome.signal) return "was ended by " + signal_text(*outcome.signal);
  return "could not start (" + std::string(std::strerror(outcome.start_error)) + ")";
}

started_child start_child(const std::filesystem::path& binary, const std::vector<std::string>& args,
                          const std::optional<std::filesystem::path>& log, const std::vector<int>& close_in_child,
                          const std::vector<std::string>& environment) {
  return spawn(binary, args, log, std::nullopt, close_in_child, environment);
}

child_outcome wait_for(const started_child& child) {
  child_outcome outcome;
  if (child.pid < 0) {
    outcome.start_error = child.start_error;
    return outcome;
  }
  int status = 0;
  while (waitpid(child.pid, &status, 0) < 0) {
    if (errno != EINTR) {
      outcome.start_error = errno;
      detail::forget_child(child.pid);
      return outcome;
    }
  }
  detail::forget_child(child.pid);
  if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  return outcome;
}

child_outcome run_child(const std::filesystem::path& binary, const std::vector<std::string>& args,
                        const std::optional<std::filesystem::path>& log, const std::vector<std::string>& environment) {
  return wait_for(spawn(binary, args, log, std::nullopt, {}, environment));
}

child_outcome run_child_split(const std::filesystem::path& binary, const std::vector<std::string>& args,
                              const std::filesystem::path& out, const std::filesystem::path& err) {
  return wait_for(spawn(binary, args, out, err, {}));
}

std::filesystem::path this_executable() { return std::filesystem::read_symlink("/proc/self/exe"); }

}  // namespace benchgate::process
