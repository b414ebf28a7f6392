// benchgate run --shard K/N and benchgate merge of the shards (issue 21):
// the shards of a grid, merged, hold the same cells as one whole run.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate::testing {
namespace {

using ::testing::HasSubstr;

// Three points of page_iter, two variants each, short samples.
const std::string k_grid =
    "run --case page_iter --param row_bytes=8 --param density=0.1,0.5,1.0 --filter '/(baseline|core)/' "
    "--samples 10 --measurement-time 0.05 --warmup 0";

class ShardCli : public cli_test {
 protected:
  std::vector<std::string> cell_names(const std::string& file) const {
    const auto r = results::load_results(path(file), "test");
    std::vector<std::string> names;
    for (const auto& c : r.cells) {
      EXPECT_EQ(c.samples.size(), 10u) << c.name;
      names.push_back(c.name);
    }
    std::sort(names.begin(), names.end());
    return names;
  }
};

TEST_F(ShardCli, TwoShardsMergedHoldTheCellsOfTheWholeRun) {
  ASSERT_EQ(run(k_grid + " --out whole.json").exit_code, 0);
  const auto s1 = run(k_grid + " --shard 1/2 --out s1.json");
  ASSERT_EQ(s1.exit_code, 0) << s1.err;
  ASSERT_EQ(run(k_grid + " --shard 2/2 --out s2.json").exit_code, 0);
  // Round robin: points 1 and 3 in shard 1, point 2 in shard 2, each with
  // both its variants.
  EXPECT_EQ(cell_names("s1.json"),
            (std::vector<std::string>{"page_iter/baseline/row_bytes:8/density:0.1", "page_iter/baseline/row_bytes:8/density:1.0",
                                      "page_iter/core/row_bytes:8/density:0.1", "page_iter/core/row_bytes:8/density:1.0"}));
  const auto shard = results::load_results(path("s2.json"), "test").config.shard;
  ASSERT_TRUE(shard.has_value());
  EXPECT_EQ(*shard, (results::shard_spec{2, 2}));

  const auto m = run("merge s2.json s1.json --out merged.json");
  ASSERT_EQ(m.exit_code, 0) << m.err;
  EXPECT_EQ(m.out, "merged 2 runs: merged.json\n");
  EXPECT_EQ(cell_names("merged.json"), cell_names("whole.json"));
  EXPECT_FALSE(results::load_results(path("merged.json"), "test").config.shard.has_value());
  // The merged file compares like a whole run.
  EXPECT_THAT(run("compare whole.json merged.json").exit_code, ::testing::AnyOf(0, 1));
}

TEST_F(ShardCli, MergeRefusesAnIncompleteSetOfShards) {
  ASSERT_EQ(run(k_grid + " --shard 1/3 --out s1.json").exit_code, 0);
  const auto m = run("merge s1.json --out merged.json");
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_EQ(m.err, "error: merge: shard 2/3, 3/3 missing; expected all 3 shards of the run (got 1)\n");
  EXPECT_FALSE(std::filesystem::exists(path("merged.json")));
}

TEST_F(ShardCli, BadShardsAreExit2) {
  for (const std::string bad : {"0/2", "3/2", "2", "a/b", "1/0", "1/1001", "1/2/3", "-1/2"}) {
    const auto r = run("run --case page_iter --shard " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_EQ(r.err, "error: --shard " + bad + ": expected K/N with 1 <= K <= N <= 1000 (part K of N, e.g. 2/4)\n")
        << bad;
  }
  const auto wide = run(k_grid + " --shard 4/4");
  EXPECT_EQ(wide.exit_code, 2);
  EXPECT_EQ(wide.err, "error: --shard 4/4: selects no grid point: the selection has 3; expected at most that many "
                      "shards\n");
}

}  // namespace
}  // namespace benchgate::testing
