// A command that runs children (ab's sides, calibrate's tries) and is sent
// SIGTERM stops them all, removes its temporary folder, and ends by SIGTERM
// (support/process/termination.hpp); a run without children dies at once,
// as kill_test.cpp checks.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace benchgate;
using ::testing::HasSubstr;
using ::testing::Not;
using namespace std::chrono_literals;

// The parent of each running process, from /proc/PID/stat ("PID (COMM) S
// PPID ..."; COMM may hold spaces and parentheses). Zombies are left out.
std::map<int, int> parents() {
  std::map<int, int> out;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const auto name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    std::getline(stat, line);
    const auto close = line.rfind(')');
    if (close == std::string::npos || close + 2 > line.size()) continue;
    std::istringstream rest(line.substr(close + 2));
    char state = 0;
    int parent = 0;
    if (rest >> state >> parent && state != 'Z') out[std::stoi(name)] = parent;
  }
  return out;
}

// The running processes below `pid`: its children, theirs, ...
std::vector<int> descendants(int pid) {
  std::multimap<int, int> children;
  for (const auto& [child, parent] : parents()) children.emplace(parent, child);
  std::vector<int> out;
  std::vector<int> todo{pid};
  while (!todo.empty()) {
    const int p = todo.back();
    todo.pop_back();
    for (auto [it, end] = children.equal_range(p); it != end; ++it) {
      out.push_back(it->second);
      todo.push_back(it->second);
    }
  }
  return out;
}

bool running(int pid) { return parents().count(pid) > 0; }

// Starts `args` with TMPDIR in `tmp`, waits until it has at least
// `wanted` processes below it and a folder in `tmp`, sends SIGTERM, and
// checks that it ends by it having stopped every one of them and removed
// its folder.
void expect_terminated_cleanly(const std::vector<std::string>& args, std::size_t wanted) {
  test_support::temp_dir tmp;
  test_support::running_benchgate process(args, {"TMPDIR=" + tmp.path().string()});
  std::vector<int> below;
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (std::chrono::steady_clock::now() < deadline) {
    below = descendants(process.pid());
    if (below.size() >= wanted && !std::filesystem::is_empty(tmp.path())) break;
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_GE(below.size(), wanted) << "its children never ran";
  process.kill(SIGTERM);
  int ended_by = 0;
  const auto r = process.wait(&ended_by);
  EXPECT_EQ(ended_by, SIGTERM) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("benchgate: stopped by signal 15 (SIGTERM: Terminated); its child processes were "
                               "stopped and its temporary folders removed\n"));
  EXPECT_THAT(r.err, Not(HasSubstr("error:")));
  for (const auto& entry : std::filesystem::directory_iterator(tmp.path())) {
    ADD_FAILURE() << "left behind: " << entry.path();
  }
  // Each was stopped; one its parent had not reaped yet is reaped by init.
  for (const int pid : below) {
    const auto until = std::chrono::steady_clock::now() + 10s;
    while (running(pid) && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(10ms);
    EXPECT_FALSE(running(pid)) << "process " << pid << " still runs";
  }
}

TEST(TerminatedCommand, AbStopsBothSidesAndRemovesItsFolder) {
  const auto binary = test_support::binary_path();
  // Two sides in lockstep: two children at once.
  expect_terminated_cleanly({"ab", binary, binary, "--run-identical", "--case", "page_iter", "--quick", "--pairs", "6", "--no-rules"}, 2);
}

TEST(TerminatedCommand, CalibrateStopsItsTryAndTheTrysChildren) {
  const auto binary = test_support::binary_path();
  // calibrate -> ab -> its two sides: three processes below.
  expect_terminated_cleanly({"calibrate", "--for", "ab", "--case", "page_iter", "--quick", "--repeats", "3"}, 3);
}

}  // namespace
