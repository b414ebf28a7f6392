// The ring-buffer roots container: growth in logical order, wrap-around,
// binary search across the wrap point, forget in place.

#include "cores/versioned_map/ring_roots.hpp"

#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "tests/cores/versioned_map/test_support.hpp"

namespace {

namespace vm = cores::versioned_map;
using ring = vm::ring_roots<int>;

std::vector<std::pair<vm::version, int>> entries(const ring& r) {
  std::vector<std::pair<vm::version, int>> out;
  r.for_each([&](vm::version v, int root) { out.emplace_back(v, root); });
  return out;
}

// The root of the last entry <= v, by a linear scan.
int scan_root_at(const ring& r, vm::version v) {
  int found = -1;
  r.for_each([&](vm::version ver, int root) {
    if (ver <= v) found = root;
  });
  return found;
}

TEST(RingRoots, CapacityIsRoundedUpToAPowerOfTwo) {
  EXPECT_EQ(ring(std::allocator<vm::root_entry<int>>(), 5).capacity(), 8U);
  EXPECT_EQ(ring(std::allocator<vm::root_entry<int>>(), 0).capacity(), 1U);
  EXPECT_EQ(ring().capacity(), vm::k_ring_initial_capacity);
}

TEST(RingRoots, PushBackGrowsByDoublingAndKeepsOrder) {
  ring r(std::allocator<vm::root_entry<int>>(), 2);
  for (int i = 1; i <= 5; ++i) r.push_back(10 * i, i);
  EXPECT_EQ(r.capacity(), 8U);
  EXPECT_EQ(entries(r), (std::vector<std::pair<vm::version, int>>{{10, 1}, {20, 2}, {30, 3}, {40, 4}, {50, 5}}));
  EXPECT_EQ(r.front_version(), 10);
  EXPECT_EQ(r.back_version(), 50);
  EXPECT_EQ(r.back_root(), 5);
}

TEST(RingRoots, RootAtFindsTheLastEntryAtOrBeforeTheVersion) {
  ring r;
  r.push_back(10, 1);
  r.push_back(20, 2);
  EXPECT_EQ(r.root_at(10), 1);
  EXPECT_EQ(r.root_at(15), 1);  // a gap reads the version before it
  EXPECT_EQ(r.root_at(20), 2);
  EXPECT_EQ(r.root_at(1000), 2);
}

TEST(RingRoots, WrapsAroundAndSearchesBothRuns) {
  ring r(std::allocator<vm::root_entry<int>>(), 8);
  for (int i = 0; i < 8; ++i) r.push_back(i, i);
  for (int i = 0; i < 5; ++i) r.pop_front();
  for (int i = 8; i < 12; ++i) r.push_back(i, i);  // entries 5..11, head at slot 5
  ASSERT_EQ(r.capacity(), 8U);
  EXPECT_EQ(r.head(), 5U);
  for (vm::version v = 5; v <= 13; ++v) EXPECT_EQ(r.root_at(v), scan_root_at(r, v)) << v;
}

TEST(RingRoots, GrowingWhileWrappedKeepsLogicalOrder) {
  ring r(std::allocator<vm::root_entry<int>>(), 4);
  for (int i = 0; i < 4; ++i) r.push_back(i, i);
  r.pop_front();
  r.pop_front();
  r.push_back(4, 4);
  r.push_back(5, 5);  // full and wrapped: slots hold 4 5 2 3
  ASSERT_EQ(r.head(), 2U);
  r.push_back(6, 6);  // grows
  EXPECT_EQ(r.capacity(), 8U);
  EXPECT_EQ(r.head(), 0U);
  EXPECT_EQ(entries(r), (std::vector<std::pair<vm::version, int>>{{2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}}));
}

TEST(RingRoots, RandomPushPopAndLookupsMatchALinearScan) {
  ring r(std::allocator<vm::root_entry<int>>(), 2);
  std::mt19937 rng(23);
  vm::version next = 0;
  for (int step = 0; step < 5000; ++step) {
    if (r.size() < 2 || rng() % 3 != 0) {
      next += 1 + static_cast<vm::version>(rng() % 3);  // with gaps
      r.push_back(next, static_cast<int>(next));
    } else {
      r.pop_front();
    }
    const vm::version probe = r.front_version() + static_cast<vm::version>(rng() % (next - r.front_version() + 2));
    ASSERT_EQ(r.root_at(probe), scan_root_at(r, probe)) << "step " << step;
  }
}

TEST(RingRoots, ForgetInAGapRewritesTheCoveringEntryInPlace) {
  ring r;
  r.push_back(10, 1);
  r.push_back(20, 2);
  r.push_back(30, 3);
  r.forget_before(25);
  EXPECT_EQ(entries(r), (std::vector<std::pair<vm::version, int>>{{25, 2}, {30, 3}}));
}

TEST(RingRoots, ForgetAtTheFrontVersionChangesNothing) {
  ring r;
  r.push_back(10, 1);
  r.push_back(20, 2);
  r.forget_before(10);
  EXPECT_EQ(entries(r), (std::vector<std::pair<vm::version, int>>{{10, 1}, {20, 2}}));
}

TEST(RingRoots, ForgetAtTheBackVersionLeavesOneEntry) {
  ring r;
  for (int i = 1; i <= 3; ++i) r.push_back(i, i);
  r.forget_before(3);
  EXPECT_EQ(entries(r), (std::vector<std::pair<vm::version, int>>{{3, 3}}));
}

TEST(RingRoots, PopsDownToOneEntryAcrossTheWrapPoint) {
  ring r(std::allocator<vm::root_entry<int>>(), 4);
  for (int i = 0; i < 4; ++i) r.push_back(i, i);
  r.pop_front();
  r.pop_front();
  r.push_back(4, 4);
  r.push_back(5, 5);
  while (r.size() > 1) r.pop_front();
  EXPECT_EQ(entries(r), (std::vector<std::pair<vm::version, int>>{{5, 5}}));
  EXPECT_EQ(r.root_at(7), 5);
}

TEST(RingRoots, DestroysEveryRootExactlyOnce) {
  long live = 0;
  {
    vm::ring_roots<versioned_map_test::tracked> r(std::allocator<vm::root_entry<versioned_map_test::tracked>>(), 2);
    for (int i = 0; i < 10; ++i) r.push_back(i, versioned_map_test::tracked(i, &live));
    r.pop_front();
    r.forget_before(5);
    EXPECT_EQ(live, 5);  // versions 5..9
    for (int i = 10; i < 20; ++i) r.push_back(i, versioned_map_test::tracked(i, &live));
    EXPECT_EQ(live, 15);
  }
  EXPECT_EQ(live, 0);
}

}  // namespace
