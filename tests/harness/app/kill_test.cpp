// A run or comparison killed at any moment (SIGINT, SIGTERM, SIGKILL) leaves
// the previous file intact and no partly written file under its final name:
// results (run --out), saved baselines (run --save-baseline) and diffs
// (compare --json).

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <random>
#include <thread>

#include "harness/compare/diff_json.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace benchgate;

// Two points of about 0.3 s each: long enough to be killed while measuring,
// short enough to finish sometimes, so both outcomes are exercised.
std::vector<std::string> run_args() {
  return {"run", "--case", "page_iter", "--param", "row_bytes=256", "--param", "density=0.5,1.0",
          "--samples", "10", "--measurement-time", "0.3", "--warmup", "0"};
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Throws when `text` is not a complete file of its kind.
using completeness_check = std::function<void(const std::string& text, const std::string& source)>;

// Runs `args` once to completion (making `watched`), then k_attempts times
// more, each killed after a random delay. After each attempt `watched` holds
// the previous content (killed) or a complete new file (finished), and
// nothing but `watched` and hidden temporaries is in `folder` under a final
// name (temporaries start with '.'; a killed writer cannot remove its own).
void expect_kills_lose_nothing(const std::vector<std::string>& args, const std::filesystem::path& watched,
                               const completeness_check& check_complete, unsigned seed) {
  const auto first = test_support::run_benchgate(args);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  auto previous = slurp(watched);
  ASSERT_NO_THROW(check_complete(previous, "the first run"));

  std::mt19937 rng(seed);
  const int signals[] = {SIGINT, SIGTERM, SIGKILL};
  constexpr int k_attempts = 9;
  constexpr int k_max_delay_ms = 900;
  int killed = 0;
  for (int attempt = 0; attempt < k_attempts; ++attempt) {
    const int signal = signals[attempt % 3];
    test_support::running_benchgate process(args);
    std::this_thread::sleep_for(std::chrono::milliseconds(rng() % k_max_delay_ms));
    process.kill(signal);
    int ended_by = 0;
    const auto result = process.wait(&ended_by);
    killed += ended_by != 0;
    const auto now = slurp(watched);
    if (ended_by != 0) {
      // Killed before its atomic rename: the old file; after it (while
      // exiting): the complete new one, checked below. Never a mix.
      previous = now;
    } else {
      EXPECT_EQ(result.exit_code, 0) << result.err;
      previous = now;
    }
    // Whatever happened, the file under the final name is complete.
    EXPECT_NO_THROW(check_complete(now, "after attempt " + std::to_string(attempt)));
  }
  EXPECT_GT(killed, 0) << "no attempt was killed while running";
  for (const auto& entry : std::filesystem::directory_iterator(watched.parent_path())) {
    const auto name = entry.path().filename().string();
    EXPECT_TRUE(entry.path() == watched || name.front() == '.' || entry.is_directory()) << name;
  }
}

void results_complete(const std::string& text, const std::string& source) { results::parse_results(text, source); }

TEST(KilledRun, NeverLeavesAPartialResultsFile) {
  test_support::temp_dir dir;
  const auto out = dir.path() / "results.json";
  auto args = run_args();
  args.insert(args.end(), {"--out", out.string()});
  expect_kills_lose_nothing(args, out, results_complete, 20261202);
}

TEST(KilledRun, NeverLeavesAPartialSavedBaseline) {
  test_support::temp_dir dir;
  const auto saved = dir.path() / "saved";
  auto args = run_args();
  args.insert(args.end(), {"--baseline-dir", saved.string(), "--save-baseline", "main"});
  expect_kills_lose_nothing(args, saved / "main.json", results_complete, 20261203);
}

// Cells x samples x resamples sized for about a second of bootstrap on a
// busy 2-core machine, so a comparison can be killed while it computes.
constexpr int k_compare_cells = 20;
constexpr int k_compare_samples = 100;
constexpr const char* k_compare_resamples = "50000";

results::run_results many_cells(double ns) {
  results::run_results run;
  for (int i = 0; i < k_compare_cells; ++i) {
    results::cell c;
    c.case_name = "demo";
    c.variant = "core";
    c.name = "demo/core/size:" + std::to_string(i);
    for (int s = 0; s < k_compare_samples; ++s) c.samples.push_back({100, ns * (1 + 0.001 * (s % 7)), ns, {}, {}});
    run.cells.push_back(c);
  }
  return run;
}

TEST(KilledCompare, NeverLeavesAPartialDiff) {
  test_support::temp_dir dir;
  results::save_results(many_cells(100), dir.path() / "inputs" / "old.json", "test");
  results::save_results(many_cells(103), dir.path() / "inputs" / "new.json", "test");
  const auto out = dir.path() / "out" / "diff.json";
  std::filesystem::create_directories(out.parent_path());  // --json writes into an existing folder
  const std::vector<std::string> args = {"compare", (dir.path() / "inputs" / "old.json").string(),
                                         (dir.path() / "inputs" / "new.json").string(), "--resamples",
                                         k_compare_resamples, "--json", out.string()};
  expect_kills_lose_nothing(
      args, out, [](const std::string& text, const std::string& source) { compare::parse_diff(text, source); },
      20261204);
}

}  // namespace
