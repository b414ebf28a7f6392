#include "tests/support/cli.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tests/support/temp_dir.hpp"

extern char** environ;

namespace benchgate::test_support {

namespace {

std::string env_or_empty(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string binary_path() { return BENCHGATE_BINARY_PATH; }
std::string source_dir() { return BENCHGATE_SOURCE_PATH; }
std::string data_dir() { return env_or_empty("BENCHGATE_DATA_DIR"); }

struct running_benchgate::state {
  temp_dir scratch;
  pid_t pid = 0;
  bool waited = false;
};

running_benchgate::running_benchgate(const std::vector<std::string>& args, const std::vector<std::string>& environment)
    : state_(new state) {
  const std::string binary = binary_path();
  const auto out_path = state_->scratch.path() / "stdout";
  const auto err_path = state_->scratch.path() / "stderr";

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);

  std::vector<std::string> argv_strings = {binary};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);

  // This process's environment, less the names `environment` sets, then those.
  const auto name_of = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    bool replaced = false;
    for (const auto& added : environment) replaced = replaced || name_of(added) == name_of(entry);
    if (!replaced) env_strings.push_back(entry);
  }
  env_strings.insert(env_strings.end(), environment.begin(), environment.end());
  std::vector<char*> envp;
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  const int spawned = posix_spawn(&state_->pid, binary.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    delete state_;
    throw std::runtime_error("cannot start " + binary);
  }
}

running_benchgate::~running_benchgate() {
  if (!state_->waited) {
    ::kill(state_->pid, SIGKILL);
    waitpid(state_->pid, nullptr, 0);
  }
  delete state_;
}

void running_benchgate::kill(int signal) {
  if (!state_->waited) ::kill(state_->pid, signal);
}

cli_result running_benchgate::wait(int* signal) {
  int status = 0;
  if (!state_->waited) waitpid(state_->pid, &status, 0);
  state_->waited = true;
  cli_result result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (signal != nullptr) *signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  result.out = slurp(state_->scratch.path() / "stdout");
  result.err = slurp(state_->scratch.path() / "stderr");
  return result;
}

int running_benchgate::pid() const { return state_->pid; }

cli_result run_benchgate(const std::vector<std::string>& args) {
  running_benchgate process(args);
  return process.wait();
}

}  // namespace benchgate::test_support
