#include "harness/results/merge.hpp"

#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"

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

TEST(MergeRuns, RefusesNothing) { EXPECT_THROW(merge_runs({}), input_error); }

}  // namespace
}  // namespace benchgate::results
