// The pure parts of paired/gbench_pairs.hpp; the runs themselves are tested
// with a real Google Benchmark executable (tests/harness/app/ab_gbench_cli_test.cpp).

#include "harness/paired/gbench_pairs.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::paired {
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

// ab --shard K/N deals the benchmarks as run --shard deals grid points:
// positions K-1, K-1+N, ...; every benchmark in exactly one part.
TEST(GbenchPairs, ShardsDealTheBenchmarksAndEveryOneIsInOnePart) {
  const std::vector<std::string> names = {"a", "b", "c", "d", "e"};
  EXPECT_EQ(shard_part(names, std::nullopt), names);
  EXPECT_EQ(shard_part(names, results::shard_spec{1, 2}), (std::vector<std::string>{"a", "c", "e"}));
  EXPECT_EQ(shard_part(names, results::shard_spec{2, 2}), (std::vector<std::string>{"b", "d"}));
  std::vector<std::string> all;
  for (int k = 1; k <= 3; ++k) {
    const auto part = shard_part(names, results::shard_spec{k, 3});
    all.insert(all.end(), part.begin(), part.end());
  }
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, names);
  try {
    shard_part({"a", "b"}, results::shard_spec{3, 3});
    FAIL() << "an empty shard";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "--shard 3/3: part 3 of 2 benchmarks is empty; expected at most 2 shards");
  }
}

}  // namespace
}  // namespace benchgate::paired
