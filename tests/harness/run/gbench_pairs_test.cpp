// The pure parts of run/gbench_pairs.hpp; the runs themselves are tested
// with a real Google Benchmark executable (tests/harness/app/ab_gbench_cli_test.cpp).

#include "harness/run/gbench_pairs.hpp"

#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::run {
namespace {

TEST(GbenchPairs, OldAndNewAlternateOldNewNewOldAndTheNextRoundMirrors) {
  std::string order;
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < 3; ++i) order += old_runs_first(round, i) ? "ON " : "NO ";
    order += "| ";
  }
  EXPECT_EQ(order, "ON NO ON | NO ON NO | ");
}

TEST(GbenchPairs, RunsOldsBenchmarksThenNewOnesKeptByTheFilter) {
  const gbench_side old_side{"old", "o", {}, {"BM_a", "BM_b/8", "BM_c"}};
  const gbench_side new_side{"new", "n", {}, {"BM_c", "BM_d", "BM_a"}};
  EXPECT_EQ(benchmarks_to_run(old_side, new_side, std::nullopt),
            (std::vector<std::string>{"BM_a", "BM_b/8", "BM_c", "BM_d"}));
  EXPECT_EQ(benchmarks_to_run(old_side, new_side, std::string("[bd]")),
            (std::vector<std::string>{"BM_b/8", "BM_d"}));
  try {
    benchmarks_to_run(old_side, new_side, std::string("^x"));
    FAIL() << "a filter that keeps nothing";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "--filter ^x: matches none of the 4 benchmarks OLD_BIN and NEW_BIN list (BM_a, BM_b/8, BM_c, BM_d); "
              "expected a regex found in some of their names");
  }
}

}  // namespace
}  // namespace benchgate::run
