// What a run records about the machine and the build, each fact checked
// against a second source: the system's own commands, CMake, git.

#include "harness/environment/environment.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <regex>
#include <string>

namespace benchgate::environment {
namespace {

// The first line a shell command prints, "" when it prints nothing.
std::string first_output_line(const std::string& command) {
  std::string line;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[256];
    if (std::fgets(buffer, sizeof buffer, pipe) != nullptr) line = buffer;
    ::pclose(pipe);
  }
  if (!line.empty() && line.back() == '\n') line.pop_back();
  return line;
}

TEST(Environment, RecordsTheBuild) {
  const auto env = capture();
  EXPECT_EQ(env.tool_version, EXPECTED_TOOL_VERSION);
  EXPECT_EQ(env.build_type, EXPECTED_BUILD_TYPE);
  ASSERT_TRUE(env.compiler.has_value());
  EXPECT_TRUE(std::regex_match(*env.compiler, std::regex("(GNU|Clang) [0-9]+\\.[0-9]+\\.[0-9]+"))) << *env.compiler;
  ASSERT_TRUE(env.benchmark_version.has_value());
  EXPECT_TRUE(std::regex_match(*env.benchmark_version, std::regex("[0-9]+\\.[0-9]+(\\.[0-9]+)?")))
      << *env.benchmark_version;
}

TEST(Environment, RecordsACommitThatGitKnows) {
  const auto env = capture();
  if (first_output_line("git -C '" SOURCE_DIR "' rev-parse --git-dir 2>/dev/null").empty()) {
    GTEST_SKIP() << "the source is not a git checkout";
  }
  ASSERT_TRUE(env.git_commit.has_value());
  EXPECT_TRUE(std::regex_match(*env.git_commit, std::regex("[0-9a-f]{40}"))) << *env.git_commit;
  EXPECT_EQ(first_output_line("git -C '" SOURCE_DIR "' cat-file -t " + *env.git_commit + " 2>/dev/null"), "commit");
  EXPECT_TRUE(env.git_dirty.has_value());
}

TEST(Environment, RecordsTheMachineAsTheSystemReportsIt) {
  const auto env = capture();
  ASSERT_TRUE(env.os.has_value());
  EXPECT_EQ(*env.os, first_output_line("uname -srm"));
  ASSERT_TRUE(env.host.has_value());
  EXPECT_EQ(*env.host, first_output_line("uname -n"));
  EXPECT_EQ(env.logical_cpus, ::sysconf(_SC_NPROCESSORS_ONLN));
  ASSERT_EQ(env.load_average.size(), 3U);
  for (const double load : env.load_average) EXPECT_GE(load, 0);
  const auto model = first_output_line("sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1");
  if (!model.empty()) {
    EXPECT_EQ(env.cpu_model, model);
  }
}

TEST(Environment, DatesTheRunInUtcNow) {
  // The clock capture() reads: std::time reads glibc's coarse clock, which
  // can still be in the previous second when system_clock is in the next.
  const auto now = [] { return std::chrono::system_clock::to_time_t(std::chrono::system_clock::now()); };
  const auto before = now();
  const auto env = capture();
  const auto after = now();
  ASSERT_TRUE(std::regex_match(env.date, std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")))
      << env.date;
  std::tm parsed{};
  ASSERT_NE(::strptime(env.date.c_str(), "%Y-%m-%dT%H:%M:%SZ", &parsed), nullptr);
  const auto when = ::timegm(&parsed);
  EXPECT_GE(when, before - 1);
  EXPECT_LE(when, after);
}

}  // namespace
}  // namespace benchgate::environment
