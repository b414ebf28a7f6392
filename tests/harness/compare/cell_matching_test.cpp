#include "harness/compare/cell_matching.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/harness/compare/test_runs.hpp"

namespace benchgate::compare {
namespace {

using ::testing::ElementsAre;
using testing::make_cell;
using benchgate::variant_role;

TEST(Pairing, ByNameFollowsTheNewRunAndListsOneSidedNames) {
  results::run_results old_run;
  old_run.cells = {make_cell("c", "a", {}, "", {}), make_cell("c", "gone", {}, "", {}), make_cell("c", "b", {}, "", {})};
  results::run_results new_run;
  new_run.cells = {make_cell("c", "b", {}, "", {}), make_cell("c", "added", {}, "", {}), make_cell("c", "a", {}, "", {})};
  const auto p = pair_by_name(old_run, new_run);
  ASSERT_EQ(p.pairs.size(), 2U);
  EXPECT_EQ(p.pairs[0].old_cell, &old_run.cells[2]);
  EXPECT_EQ(p.pairs[0].new_cell, &new_run.cells[0]);
  EXPECT_EQ(p.pairs[1].old_cell, &old_run.cells[0]);
  EXPECT_THAT(p.only_old, ElementsAre("c/gone"));
  EXPECT_THAT(p.only_new, ElementsAre("c/added"));
}

TEST(Pairing, VariantsPairEachCoreAndPeerWithTheBaselineOfItsPoint) {
  results::run_results run;
  run.cells = {make_cell("c", "baseline", variant_role::baseline, "8", {}),
               make_cell("c", "core", variant_role::core, "8", {}),
               make_cell("c", "peer", variant_role::peer, "8", {}),
               make_cell("c", "baseline", variant_role::baseline, "32", {}),
               make_cell("c", "core", variant_role::core, "32", {}),
               make_cell("c", "core", variant_role::core, "64", {})};  // no baseline at 64
  const std::vector<variant_role> roles = {variant_role::core, variant_role::peer};
  const auto p = pair_variants(run, variant_role::baseline, roles);
  ASSERT_EQ(p.pairs.size(), 3U);
  EXPECT_EQ(p.pairs[0].old_cell, &run.cells[0]);
  EXPECT_EQ(p.pairs[0].new_cell, &run.cells[1]);
  EXPECT_EQ(p.pairs[1].new_cell, &run.cells[2]);
  EXPECT_EQ(p.pairs[2].old_cell, &run.cells[3]);
  EXPECT_EQ(p.pairs[2].new_cell, &run.cells[4]);
  EXPECT_THAT(p.only_new, ElementsAre("c/core/size:64"));
}

TEST(Pairing, TheFirstCellOfTheBaseRoleIsTheBase) {
  results::run_results run;
  run.cells = {make_cell("c", "deque", variant_role::core, "8", {}), make_cell("c", "ring", variant_role::core, "8", {})};
  const std::vector<variant_role> roles = {variant_role::core};
  const auto p = pair_variants(run, variant_role::core, roles);
  ASSERT_EQ(p.pairs.size(), 1U);
  EXPECT_EQ(p.pairs[0].old_cell, &run.cells[0]);
  EXPECT_EQ(p.pairs[0].new_cell, &run.cells[1]);
}

TEST(Pairing, CellsWithoutARoleTakeNoPart) {
  results::run_results run;
  run.cells = {make_cell("BM_A", "", {}, "", {}), make_cell("BM_B", "", {}, "", {})};
  const std::vector<variant_role> roles = {variant_role::core};
  const auto p = pair_variants(run, variant_role::baseline, roles);
  EXPECT_TRUE(p.pairs.empty());
  EXPECT_TRUE(p.only_new.empty());
}

}  // namespace
}  // namespace benchgate::compare
