// Running children without a shell: exit codes, signals, a missing binary,
// the log file and the descriptors a child is given.

#include "harness/support/process/child_process.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/support/temp_dir.hpp"

namespace benchgate::process {
namespace {

// /bin/sh as the child: a program every Linux machine has, told exactly
// what to do.
const std::filesystem::path k_shell = "/bin/sh";

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(RunChild, GivesTheExitCode) {
  for (const int code : {0, 1, 3, 77, 255}) {
    const auto outcome = run_child(k_shell, {"-c", "exit " + std::to_string(code)}, "/dev/null");
    EXPECT_EQ(outcome.start_error, 0);
    ASSERT_TRUE(outcome.exit_code.has_value()) << code;
    EXPECT_EQ(*outcome.exit_code, code);
    EXPECT_FALSE(outcome.signal.has_value());
  }
}

TEST(RunChild, GivesTheSignalThatEndedIt) {
  for (const int signal : {SIGTERM, SIGKILL, SIGSEGV}) {
    const auto outcome = run_child(k_shell, {"-c", "kill -" + std::to_string(signal) + " $$"}, "/dev/null");
    EXPECT_EQ(outcome.start_error, 0);
    EXPECT_FALSE(outcome.exit_code.has_value()) << signal;
    ASSERT_TRUE(outcome.signal.has_value()) << signal;
    EXPECT_EQ(*outcome.signal, signal);
  }
}

TEST(RunChild, AMissingBinaryIsAStartErrorNotAnExitCode) {
  test_support::temp_dir dir;
  const auto outcome = run_child(dir.path() / "no-such-binary", {}, dir.path() / "log.txt");
  EXPECT_EQ(outcome.start_error, ENOENT);
  EXPECT_FALSE(outcome.exit_code.has_value());
  EXPECT_FALSE(outcome.signal.has_value());
}

// A crash in a benchmark was "exited with a signal": which one is the clue.
TEST(HowItEnded, NamesTheExitCodeTheSignalOrWhyItCouldNotStart) {
  EXPECT_EQ(how_it_ended(run_child(k_shell, {"-c", "exit 3"}, "/dev/null")), "exited with 3");
  EXPECT_EQ(how_it_ended(run_child(k_shell, {"-c", "kill -ABRT $$"}, "/dev/null")),
            "was ended by signal 6 (SIGABRT: Aborted)");
  test_support::temp_dir dir;
  EXPECT_EQ(how_it_ended(run_child(dir.path() / "no-such-binary", {}, dir.path() / "log.txt")),
            "could not start (No such file or directory)");
}

TEST(RunChild, AFileThatIsNotExecutableIsAStartError) {
  test_support::temp_dir dir;
  const auto script = dir.path() / "data.txt";
  std::ofstream(script) << "not a program\n";
  const auto outcome = run_child(script, {}, dir.path() / "log.txt");
  EXPECT_EQ(outcome.start_error, EACCES);
  EXPECT_FALSE(outcome.exit_code.has_value());
}

TEST(RunChild, ArgumentsArriveUnsplitAndTheLogGetsBothStreamsAppended) {
  test_support::temp_dir dir;
  const auto log = dir.path() / "log.txt";
  std::ofstream(log) << "before\n";
  // One argument with a space and a quote: no shell splits or interprets it.
  const auto outcome =
      run_child(k_shell, {"-c", "printf '[%s]\\n' \"$1\"; echo err >&2; cat", "sh", "two words 'q'"}, log);
  ASSERT_EQ(outcome.exit_code, 0);
  // stdin is /dev/null, so cat ends at once and adds nothing.
  EXPECT_EQ(slurp(log), "before\n[two words 'q']\nerr\n");
}

TEST(RunChild, TheChildGetsTheAddedEnvironmentOnTopOfThisOne) {
  test_support::temp_dir dir;
  const auto log = dir.path() / "log.txt";
  ASSERT_EQ(::setenv("BENCHGATE_TEST_KEPT", "kept", 1), 0);
  ASSERT_EQ(::setenv("BENCHGATE_TEST_REPLACED", "old", 1), 0);
  const auto outcome = run_child(k_shell, {"-c", "echo \"$BENCHGATE_TEST_KEPT $BENCHGATE_TEST_REPLACED $BENCHGATE_TEST_ADDED\""},
                                 log, {"BENCHGATE_TEST_REPLACED=new", "BENCHGATE_TEST_ADDED=a=b"});
  ::unsetenv("BENCHGATE_TEST_KEPT");
  ::unsetenv("BENCHGATE_TEST_REPLACED");
  ASSERT_EQ(outcome.exit_code, 0);
  EXPECT_EQ(slurp(log), "kept new a=b\n");
}

TEST(StartChild, ClosesTheDescriptorsItIsToldToClose) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  // The child reports whether it can write to the pipe's write end.
  const std::string probe = "if { true >&" + std::to_string(fds[1]) + "; } 2>/dev/null; then exit 10; else exit 20; fi";
  const auto open_child = start_child(k_shell, {"-c", probe}, "/dev/null");
  const auto closed_child = start_child(k_shell, {"-c", probe}, "/dev/null", {fds[1]});
  ASSERT_GT(open_child.pid, 0);
  ASSERT_GT(closed_child.pid, 0);
  EXPECT_EQ(wait_for(open_child).exit_code, 10) << "an inherited descriptor is usable";
  EXPECT_EQ(wait_for(closed_child).exit_code, 20) << "a closed descriptor is not";
  ::close(fds[0]);
  ::close(fds[1]);
}

TEST(StartChild, AMissingBinaryGivesNoPid) {
  const auto child = start_child("/nonexistent/benchgate", {}, "/dev/null");
  EXPECT_EQ(child.pid, -1);
  EXPECT_EQ(child.start_error, ENOENT);
}

TEST(ThisExecutable, IsTheRunningTestBinary) {
  const auto path = this_executable();
  EXPECT_TRUE(path.is_absolute()) << path;
  EXPECT_EQ(path.filename(), "test_process");
  EXPECT_TRUE(std::filesystem::equivalent(path, "/proc/self/exe"));
}

}  // namespace
}  // namespace benchgate::process
