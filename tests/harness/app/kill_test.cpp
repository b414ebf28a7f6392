// A run killed at any moment (SIGINT, SIGTERM, SIGKILL) leaves the previous
// results file intact and no partly written file under its final name.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <random>
#include <thread>

#include "harness/results/results_json.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace benchgate;

// Two points of about 0.3 s each: long enough to be killed while measuring,
// short enough to finish sometimes, so both outcomes are exercised.
std::vector<std::string> run_args(const std::filesystem::path& out) {
  return {"run", "--case", "page_iter", "--param", "row_bytes=256", "--param", "density=0.5,1.0",
          "--samples", "10", "--measurement-time", "0.3", "--warmup", "0", "--out", out.string()};
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(KilledRun, NeverLeavesAPartialResultsFile) {
  test_support::temp_dir dir;
  const auto out = dir.path() / "results.json";
  // A previous good run.
  const auto first = test_support::run_benchgate(run_args(out));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  auto previous = slurp(out);

  std::mt19937 rng(20261202);
  const int signals[] = {SIGINT, SIGTERM, SIGKILL};
  constexpr int k_attempts = 9;
  constexpr int k_max_delay_ms = 900;
  int killed = 0;
  for (int attempt = 0; attempt < k_attempts; ++attempt) {
    const int signal = signals[attempt % 3];
    test_support::running_benchgate run(run_args(out));
    std::this_thread::sleep_for(std::chrono::milliseconds(rng() % k_max_delay_ms));
    run.kill(signal);
    int ended_by = 0;
    const auto result = run.wait(&ended_by);
    killed += ended_by != 0;
    const auto now = slurp(out);
    if (ended_by != 0) {
      EXPECT_EQ(now, previous) << "killed by signal " << ended_by << ": the old file changed";
    } else {
      EXPECT_EQ(result.exit_code, 0) << result.err;
      previous = now;
    }
    // Whatever happened, the file under the final name is a complete result.
    EXPECT_NO_THROW(results::parse_results(now, "after attempt " + std::to_string(attempt)));
  }
  EXPECT_GT(killed, 0) << "no attempt was killed while running";
  // Only the results file is there under a final name (temporaries start
  // with '.').
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    const auto name = entry.path().filename().string();
    EXPECT_TRUE(name == "results.json" || name.front() == '.') << name;
  }
}

}  // namespace
