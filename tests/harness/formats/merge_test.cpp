#include "harness/formats/merge.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::results {
namespace {

run_results run_of(std::vector<std::pair<std::string, double>> cells, const std::string& commit = "abc") {
  run_results r;
  r.env.git_commit = commit;
  r.config.rounds = 1;
  for (const auto& [name, ns] : cells) {
    cell c;
    c.name = name;
    c.samples = {{10, ns, ns, std::nullopt, {}}, {10, ns + 1, ns + 1, std::nullopt, {}}};
    r.cells.push_back(c);
  }
  return r;
}

TEST(MergeRuns, PoolsSamplesByCellName) {
  const std::vector<named_run> runs = {{"a.json", run_of({{"x", 1}, {"y", 2}})},
                                       {"b.json", run_of({{"y", 20}, {"z", 30}})}};
  const auto m = merge_runs(runs);
  ASSERT_EQ(m.cells.size(), 3u);
  EXPECT_EQ(m.cells[0].name, "x");
  EXPECT_EQ(m.cells[0].samples.size(), 2u);
  EXPECT_EQ(m.cells[1].name, "y");
  ASSERT_EQ(m.cells[1].samples.size(), 4u);
  EXPECT_EQ(m.cells[1].samples[2].real_ns, 20);
  EXPECT_EQ(m.cells[2].name, "z");
  EXPECT_EQ(m.config.rounds, 2);
}

TEST(MergeRuns, RefusesRunsOfDifferentBuilds) {
  const std::vector<named_run> runs = {{"a.json", run_of({{"x", 1}}, "abc")}, {"b.json", run_of({{"x", 1}}, "def")}};
  try {
    merge_runs(runs);
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "merge: b.json: git commit def, but a.json has abc; expected runs of the same build and "
                           "settings");
  }
}

run_results shard_of(int index, int count, std::vector<std::pair<std::string, double>> cells) {
  auto r = run_of(std::move(cells));
  r.config.shard = shard_spec{index, count};
  r.env.date = "2026-12-04T10:00:0" + std::to_string(index) + "Z";
  return r;
}

std::string merge_error(const std::vector<named_run>& runs) {
  return test_support::input_error_message([&] { merge_runs(runs); });
}

TEST(MergeShards, PoolsACompleteSetIntoAWholeRun) {
  const std::vector<named_run> runs = {{"s2.json", shard_of(2, 3, {{"b", 2}})},
                                       {"s1.json", shard_of(1, 3, {{"a", 1}, {"d", 4}})},
                                       {"s3.json", shard_of(3, 3, {{"c", 3}})}};
  const auto m = merge_runs(runs);
  ASSERT_EQ(m.cells.size(), 4u);
  EXPECT_EQ(m.cells[0].name, "b");
  EXPECT_EQ(m.cells[1].name, "a");
  EXPECT_EQ(m.cells[1].samples.size(), 2u);
  EXPECT_FALSE(m.config.shard.has_value());
  // The shards are parts of one run of one round, not three rounds.
  EXPECT_EQ(m.config.rounds, 1);
}

TEST(MergeShards, RefusesAMissingShard) {
  EXPECT_EQ(merge_error({{"s1.json", shard_of(1, 4, {{"a", 1}})}, {"s3.json", shard_of(3, 4, {{"c", 1}})}}),
            "merge: shard 2/4, 4/4 missing; expected all 4 shards of the run (got 2)");
}

TEST(MergeShards, RefusesAShardGivenTwice) {
  auto again = shard_of(2, 2, {{"b", 5}});
  again.env.date = "2026-12-04T11:00:00Z";  // another run of the same shard
  EXPECT_EQ(merge_error({{"s1.json", shard_of(1, 2, {{"a", 1}})},
                         {"s2.json", shard_of(2, 2, {{"b", 1}})},
                         {"s2-again.json", again}}),
            "merge: s2-again.json: shard 2/2 again (s2.json is the same shard); shards overlap; expected each of "
            "the 2 shards once");
}

TEST(MergeShards, RefusesShardsSplitDifferently) {
  EXPECT_EQ(merge_error({{"a.json", shard_of(1, 2, {{"a", 1}})}, {"b.json", shard_of(2, 3, {{"b", 1}})}}),
            "merge: b.json: shard 2/3, but a.json is shard 1/2; expected whole runs, or the shards of one run all "
            "split the same way");
}

TEST(MergeShards, RefusesAShardWithAWholeRun) {
  EXPECT_EQ(merge_error({{"whole.json", run_of({{"a", 1}})}, {"s1.json", shard_of(1, 2, {{"a", 1}})}}),
            "merge: s1.json: shard 1/2, but whole.json is a whole run (no --shard); expected whole runs, or the "
            "shards of one run all split the same way");
}

TEST(MergeShards, RefusesShardsTimedWithOtherSettings) {
  auto other = shard_of(2, 2, {{"b", 1}});
  other.config.samples = 50;
  const auto first = shard_of(1, 2, {{"a", 1}});
  EXPECT_EQ(merge_error({{"s1.json", first}, {"s2.json", other}}),
            "merge: s2.json: shard 2/2 was timed with samples 50, but s1.json with " +
                std::to_string(first.config.samples) + "; expected the shards of one run, timed alike");
  // The setting that differs is named, with both values.
  other = shard_of(2, 2, {{"b", 1}});
  other.config.warmup_s = first.config.warmup_s + 0.25;
  EXPECT_THAT(merge_error({{"s1.json", first}, {"s2.json", other}}),
              ::testing::StartsWith("merge: s2.json: shard 2/2 was timed with --warmup "));
  other = shard_of(2, 2, {{"b", 1}});
  other.config.rounds = 3;
  EXPECT_EQ(merge_error({{"s1.json", first}, {"s2.json", other}}),
            "merge: s2.json: shard 2/2 was timed with --rounds 3, but s1.json with 1; expected the shards of one "
            "run, timed alike");
}

TEST(MergeShards, RefusesShardsThatShareACell) {
  EXPECT_EQ(merge_error({{"s1.json", shard_of(1, 2, {{"a", 1}})}, {"s2.json", shard_of(2, 2, {{"a", 2}})}}),
            "merge: s2.json: cell a is also in s1.json; shards overlap; expected disjoint shards of one run");
}

// A merge keeps its first run's date, so a run merged again beside a merge
// that took it in is not "the same run"; its samples, found whole in the
// merge, give it away, whichever comes first.
TEST(MergeRuns, RefusesARunBesideAMergeThatAlreadyTookItIn) {
  auto a = run_of({{"x", 1}, {"y", 2}});
  a.env.date = "2026-12-07T10:00:00Z";
  auto b = run_of({{"x", 5}, {"y", 6}});
  b.env.date = "2026-12-07T10:05:00Z";
  const auto ab = merge_runs(std::vector<named_run>{{"a.json", a}, {"b.json", b}});
  EXPECT_EQ(merge_error({{"ab.json", ab}, {"b.json", b}}),
            "merge: b.json: the samples of b.json are already in ab.json (a merge that took it in); merging them "
            "again would count them twice; expected runs not merged yet");
  EXPECT_EQ(merge_error({{"a.json", a}, {"ab.json", ab}}),
            "merge: ab.json: the samples of a.json are already in ab.json (a merge that took it in); merging them "
            "again would count them twice; expected runs not merged yet");
  // A third run of its own pools with the merge.
  auto c = run_of({{"x", 9}, {"y", 10}});
  c.env.date = "2026-12-07T10:10:00Z";
  EXPECT_EQ(merge_runs(std::vector<named_run>{{"ab.json", ab}, {"c.json", c}}).cells[0].samples.size(), 6U);
}

TEST(MergeRuns, RefusesNothing) { EXPECT_THROW(merge_runs({}), input_error); }

}  // namespace
}  // namespace benchgate::results
