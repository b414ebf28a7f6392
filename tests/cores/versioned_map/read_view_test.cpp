// Reads of one version: find, ordered cursors and their bounds, against
// std::map.

#include "cores/versioned_map/read_view.hpp"

#include <gtest/gtest.h>

#include <iterator>
#include <map>
#include <random>
#include <vector>

#include "cores/versioned_map/ptree_edit.hpp"

namespace {

namespace vm = cores::versioned_map;
using int_ref = vm::node_ref<int, int>;
using int_view = vm::read_view<int, int>;
using int_cursor = vm::cursor<int, int>;

constexpr std::uint64_t k_read_view_seed = 5;

int_ref tree_of(const std::vector<int>& keys) {
  vm::ptree_editor<int, int> editor(k_read_view_seed);
  int_ref root;
  for (const int k : keys) editor.insert(root, 1, k, -k, 1);
  return root;
}

TEST(ReadView, EmptyViewHasNoEntries) {
  const int_view view(nullptr, 0);
  int_cursor c;
  EXPECT_TRUE(view.empty());
  view.first(c);
  EXPECT_FALSE(c.valid());
  view.lower_bound(c, 3);
  EXPECT_FALSE(c.valid());
  EXPECT_EQ(view.find(3), nullptr);
  EXPECT_EQ(view.size(), 0U);
}

TEST(ReadView, FindReturnsTheValueOrNull) {
  const auto root = tree_of({10, 20, 30});
  const int_view view(root.get(), 1);
  ASSERT_NE(view.find(20), nullptr);
  EXPECT_EQ(*view.find(20), -20);
  EXPECT_EQ(view.find(25), nullptr);
}

TEST(ReadView, CursorWalksForwardThenBackwardInKeyOrder) {
  const auto root = tree_of({30, 10, 50, 20, 40});
  const int_view view(root.get(), 1);
  int_cursor c;
  std::vector<int> forward;
  for (view.first(c); c.valid(); c.next()) forward.push_back(c.key());
  EXPECT_EQ(forward, (std::vector<int>{10, 20, 30, 40, 50}));
  std::vector<int> backward;
  for (c.prev(); c.valid(); c.prev()) backward.push_back(c.key());  // from no position: the last
  EXPECT_EQ(backward, (std::vector<int>{50, 40, 30, 20, 10}));
}

TEST(ReadView, BoundsOnAHandMadeTree) {
  const auto root = tree_of({10, 20, 30});
  const int_view view(root.get(), 1);
  int_cursor c;
  view.lower_bound(c, 20);
  EXPECT_EQ(c.key(), 20);
  view.upper_bound(c, 20);
  EXPECT_EQ(c.key(), 30);
  view.last_less(c, 20);
  EXPECT_EQ(c.key(), 10);
  view.last_less_or_equal(c, 20);
  EXPECT_EQ(c.key(), 20);
  view.lower_bound(c, 31);
  EXPECT_FALSE(c.valid());
  view.last_less(c, 10);
  EXPECT_FALSE(c.valid());
  view.last_less(c, 99);
  EXPECT_EQ(c.key(), 30);
}

TEST(ReadView, BoundsAndStepsMatchStdMap) {
  std::mt19937 rng(17);
  std::vector<int> keys;
  std::map<int, int> model;
  for (int i = 0; i < 500; ++i) {
    const int k = static_cast<int>(rng() % 2000);
    if (model.emplace(k, -k).second) keys.push_back(k);
  }
  const auto root = tree_of(keys);
  const int_view view(root.get(), 1);
  int_cursor c;
  for (int probe = -1; probe <= 2001; ++probe) {
    const auto lb = model.lower_bound(probe);
    view.lower_bound(c, probe);
    ASSERT_EQ(c.valid(), lb != model.end()) << probe;
    if (c.valid()) {
      EXPECT_EQ(c.key(), lb->first);
      EXPECT_EQ(c.value(), lb->second);
      c.next();
      const auto after = std::next(lb);
      ASSERT_EQ(c.valid(), after != model.end());
      if (c.valid()) {
        EXPECT_EQ(c.key(), after->first);
      }
    }
    const auto ub = model.upper_bound(probe);
    view.last_less_or_equal(c, probe);
    ASSERT_EQ(c.valid(), ub != model.begin()) << probe;
    if (c.valid()) {
      EXPECT_EQ(c.key(), std::prev(ub)->first);
    }
    view.last_less(c, probe);
    ASSERT_EQ(c.valid(), lb != model.begin()) << probe;
    if (c.valid()) {
      EXPECT_EQ(c.key(), std::prev(lb)->first);
    }
  }
}

TEST(ReadView, CursorRecordsTheInsertVersion) {
  vm::ptree_editor<int, int> editor(k_read_view_seed);
  int_ref root;
  editor.insert(root, 3, 1, 1, 3);
  editor.insert(root, 4, 2, 2, 4);
  const int_view view(root.get(), 4);
  int_cursor c;
  view.lower_bound(c, 2);
  EXPECT_EQ(c.insert_version(), 4);
  c.prev();
  EXPECT_EQ(c.insert_version(), 3);
}

}  // namespace
