// The versioned map over each roots container (ring, deque and the
// baseline's map): persistence against a model, roots invariants, gaps,
// forgetting, errors, and exact freeing of shared roots.

#include "cores/versioned_map/versioned_map.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "baselines/versioned_map/map_roots.hpp"
#include "cores/versioned_map/deque_roots.hpp"
#include "cores/versioned_map/ring_roots.hpp"
#include "cores/versioned_map/versioned_snapshot.hpp"
#include "tests/cores/versioned_map/test_support.hpp"

namespace {

namespace vm = cores::versioned_map;
using versioned_map_test::check_treap;
using versioned_map_test::contents;
using versioned_map_test::model;
using versioned_map_test::tracked;

struct ring_container {
  template <class Root>
  using of = vm::ring_roots<Root>;
};
struct deque_container {
  template <class Root>
  using of = vm::deque_roots<Root>;
};
struct map_container {
  template <class Root>
  using of = baselines::versioned_map::map_roots<Root>;
};

template <class Container>
class VersionedMap : public ::testing::Test {
 protected:
  template <class Value>
  using map_type = vm::versioned_map<int, Value, typename Container::template of<vm::node_ref<int, Value>>>;
};

using containers = ::testing::Types<ring_container, deque_container, map_container>;
TYPED_TEST_SUITE(VersionedMap, containers);

// Versions in the roots, oldest first.
template <class Map>
std::vector<vm::version> root_versions(const Map& m) {
  std::vector<vm::version> out;
  m.roots().for_each([&](vm::version v, const auto&) { out.push_back(v); });
  return out;
}

// Roots non-empty, strictly increasing, front == oldest, back == latest.
template <class Map>
void expect_roots_invariants(const Map& m) {
  const auto versions = root_versions(m);
  ASSERT_FALSE(versions.empty());
  for (std::size_t i = 1; i < versions.size(); ++i) ASSERT_LT(versions[i - 1], versions[i]);
  EXPECT_EQ(versions.front(), m.oldest_version());
  EXPECT_EQ(versions.back(), m.latest_version());
}

TYPED_TEST(VersionedMap, FreshMapReadsEmptyAtVersionZero) {
  typename TestFixture::template map_type<int> m;
  EXPECT_EQ(m.oldest_version(), 0);
  EXPECT_EQ(m.latest_version(), 0);
  ASSERT_TRUE(m.at(0).has_value());
  EXPECT_TRUE(m.at(0)->empty());
  EXPECT_EQ(root_versions(m), std::vector<vm::version>{0});
}

TYPED_TEST(VersionedMap, EveryRetainedVersionMatchesTheModelAfterLaterEditsAndForgets) {
  typename TestFixture::template map_type<int> m;
  model expected;
  std::mt19937 rng(31);
  vm::version v = 0;
  for (int step = 0; step < 400; ++step) {
    v += 1 + static_cast<vm::version>(rng() % 3);  // gaps between versions
    ASSERT_EQ(m.create_new_version(v), vm::status::ok);
    expected.create_new_version(v);
    for (int edit = 0; edit < 2; ++edit) {
      const int key = static_cast<int>(rng() % 64);
      switch (rng() % 4) {
        case 0:
        case 1:
          m.insert(key, step);
          expected.latest()[key] = step;
          break;
        case 2:
          EXPECT_EQ(m.erase(key), expected.latest().erase(key) == 1);
          break;
        default:
          m.erase(key, key + 8);
          expected.erase_range(key, key + 8);
      }
    }
    if (step % 50 == 49) {
      const vm::version cut = m.oldest_version() + static_cast<vm::version>(rng() % (v - m.oldest_version() + 1));
      ASSERT_EQ(m.forget_versions_before(cut), vm::status::ok);
      expected.forget_before(cut);
    }
    expect_roots_invariants(m);
    EXPECT_EQ(root_versions(m), expected.versions());
  }
  for (vm::version r = m.oldest_version(); r <= m.latest_version() + 1; ++r) {
    const auto view = m.at(r);
    ASSERT_TRUE(view.has_value());
    EXPECT_EQ(contents(*view), expected.at(r)) << "version " << r;
    ASSERT_TRUE(check_treap(view->root(), r).has_value()) << "version " << r;
  }
}

TYPED_TEST(VersionedMap, AGapReadsTheVersionBeforeIt) {
  typename TestFixture::template map_type<int> m;
  m.create_new_version(10);
  m.insert(1, 10);
  m.create_new_version(20);
  m.insert(1, 20);
  EXPECT_EQ(*m.at(15)->find(1), 10);
  EXPECT_EQ(*m.at(20)->find(1), 20);
  EXPECT_EQ(m.at(5)->find(1), nullptr);
}

TYPED_TEST(VersionedMap, CreateNewVersionAtLatestIsANoOpAndBelowIsAnError) {
  typename TestFixture::template map_type<int> m;
  ASSERT_EQ(m.create_new_version(10), vm::status::ok);
  EXPECT_EQ(m.create_new_version(10), vm::status::ok);
  EXPECT_EQ(m.create_new_version(9), vm::status::version_not_increasing);
  EXPECT_EQ(root_versions(m), (std::vector<vm::version>{0, 10}));
  EXPECT_EQ(m.latest_version(), 10);
}

TYPED_TEST(VersionedMap, ForgetAtOldestChangesNothing) {
  typename TestFixture::template map_type<int> m;
  m.create_new_version(10);
  m.forget_versions_before(10);
  m.create_new_version(20);
  EXPECT_EQ(m.forget_versions_before(10), vm::status::ok);
  EXPECT_EQ(root_versions(m), (std::vector<vm::version>{10, 20}));
}

TYPED_TEST(VersionedMap, ForgetInsideAGapMakesTheFrontEntryFromTheVersionBefore) {
  typename TestFixture::template map_type<int> m;
  m.create_new_version(10);
  m.insert(1, 10);
  m.create_new_version(20);
  m.insert(1, 20);
  ASSERT_EQ(m.forget_versions_before(15), vm::status::ok);
  EXPECT_EQ(root_versions(m), (std::vector<vm::version>{15, 20}));
  EXPECT_EQ(m.oldest_version(), 15);
  EXPECT_EQ(*m.at(15)->find(1), 10);
  EXPECT_FALSE(m.at(14).has_value());
}

TYPED_TEST(VersionedMap, ForgetAtLatestLeavesOneEntry) {
  typename TestFixture::template map_type<int> m;
  for (vm::version v = 1; v <= 5; ++v) {
    m.create_new_version(v);
    m.insert(static_cast<int>(v), 0);
  }
  ASSERT_EQ(m.forget_versions_before(5), vm::status::ok);
  EXPECT_EQ(root_versions(m), std::vector<vm::version>{5});
  EXPECT_EQ(m.at_latest().size(), 5U);
  m.create_new_version(6);  // and the map goes on
  m.insert(6, 0);
  EXPECT_EQ(m.at(6)->size(), 6U);
}

TYPED_TEST(VersionedMap, ForgetBeyondLatestOrBeforeOldestIsAnErrorAndChangesNothing) {
  typename TestFixture::template map_type<int> m;
  m.create_new_version(10);
  m.create_new_version(20);
  m.forget_versions_before(10);
  EXPECT_EQ(m.forget_versions_before(21), vm::status::version_after_latest);
  EXPECT_EQ(m.forget_versions_before(9), vm::status::version_before_oldest);
  EXPECT_EQ(root_versions(m), (std::vector<vm::version>{10, 20}));
  EXPECT_EQ(m.oldest_version(), 10);
}

TYPED_TEST(VersionedMap, ReadBeforeOldestIsAnError) {
  typename TestFixture::template map_type<int> m;
  m.create_new_version(10);
  m.forget_versions_before(10);
  EXPECT_FALSE(m.at(9).has_value());
  EXPECT_FALSE(m.at(-1).has_value());
  EXPECT_TRUE(m.at(10).has_value());
}

TYPED_TEST(VersionedMap, InsertReplacesTheValueAndRecordsTheVersion) {
  typename TestFixture::template map_type<int> m;
  m.create_new_version(3);
  m.insert(7, 1);
  m.create_new_version(4);
  m.insert(7, 2);
  vm::cursor<int, int> c;
  m.at_latest().lower_bound(c, 7);
  EXPECT_EQ(c.value(), 2);
  EXPECT_EQ(c.insert_version(), 4);
  m.at(3)->lower_bound(c, 7);
  EXPECT_EQ(c.value(), 1);
  EXPECT_EQ(m.at_latest().size(), 1U);
}

TYPED_TEST(VersionedMap, SharedRootsAreFreedExactlyOnce) {
  long live = 0;
  {
    typename TestFixture::template map_type<tracked> m;
    m.create_new_version(1);
    for (int k = 0; k < 20; ++k) m.insert(k, tracked(k, &live));
    // Versions 2..30 without edits all share version 1's root.
    for (vm::version v = 2; v <= 30; ++v) m.create_new_version(v);
    EXPECT_EQ(live, 20);
    m.create_new_version(31);
    m.erase(5, 15);
    m.forget_versions_before(25);  // drops entries that share one root
    EXPECT_EQ(m.at(25)->size(), 20U);
    m.forget_versions_before(31);  // the last version holding keys 5..14
    EXPECT_EQ(m.at_latest().size(), 10U);
    EXPECT_LE(live, 20);
  }
  EXPECT_EQ(live, 0);
}

TYPED_TEST(VersionedMap, SnapshotSharesNodesAndIgnoresTheSourcesLaterVersions) {
  long live = 0;
  {
    typename TestFixture::template map_type<tracked> m;
    m.create_new_version(1);
    for (int k = 0; k < 10; ++k) m.insert(k, tracked(k, &live));
    m.create_new_version(2);
    m.erase(0, 5);
    const vm::versioned_snapshot<int, tracked, vm::ring_roots<vm::node_ref<int, tracked>>> snap(m);
    const long shared = live;
    EXPECT_EQ(snap.at(1)->size(), 10U);
    EXPECT_EQ(snap.at(2)->size(), 5U);
    m.create_new_version(3);
    for (int k = 0; k < 10; ++k) m.insert(100 + k, tracked(k, &live));
    m.forget_versions_before(3);
    EXPECT_EQ(snap.at(1)->size(), 10U);  // kept alive by the snapshot
    EXPECT_EQ(snap.at(2)->size(), 5U);
    EXPECT_EQ(snap.at(50)->size(), 5U);  // after its latest: its latest
    EXPECT_TRUE(snap.at(0)->empty());
    EXPECT_GE(live, shared);
  }
  EXPECT_EQ(live, 0);
}

}  // namespace
