// The baseline roots container: std::map plus the cached latest root.

#include "baselines/versioned_map/map_roots.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace {

using baselines::versioned_map::map_roots;
using baselines::versioned_map::version;

std::vector<std::pair<version, int>> entries(const map_roots<int>& m) {
  std::vector<std::pair<version, int>> out;
  m.for_each([&](version v, int root) { out.emplace_back(v, root); });
  return out;
}

TEST(MapRoots, BackRootIsTheCachedLatestEntry) {
  map_roots<int> m;
  m.push_back(1, 10);
  m.push_back(2, 20);
  EXPECT_EQ(m.back_root(), 20);
  m.back_root() = 21;  // edits of the latest version write through the cache
  EXPECT_EQ(m.root_at(2), 21);
}

TEST(MapRoots, TheCacheSurvivesForgetAndPop) {
  map_roots<int> m;
  for (int v = 1; v <= 4; ++v) m.push_back(10 * v, v);
  m.forget_before(25);
  EXPECT_EQ(entries(m), (std::vector<std::pair<version, int>>{{25, 2}, {30, 3}, {40, 4}}));
  m.pop_front();
  m.forget_before(40);
  EXPECT_EQ(m.back_root(), 4);
  EXPECT_EQ(entries(m), (std::vector<std::pair<version, int>>{{40, 4}}));
}

TEST(MapRoots, RootAtReadsTheEntryAtOrBeforeTheVersion) {
  map_roots<int> m;
  m.push_back(10, 1);
  m.push_back(20, 2);
  EXPECT_EQ(m.root_at(10), 1);
  EXPECT_EQ(m.root_at(19), 1);
  EXPECT_EQ(m.root_at(25), 2);
}

TEST(MapRoots, MovingKeepsTheCacheValid) {
  map_roots<int> m;
  m.push_back(1, 10);
  map_roots<int> moved(std::move(m));
  moved.push_back(2, 20);
  EXPECT_EQ(moved.back_root(), 20);
  EXPECT_EQ(moved.size(), 2U);
}

}  // namespace
