// The persistent treap's edits: order and heap invariants at every version,
// persistence of older versions, exact node freeing.

#include "cores/versioned_map/ptree_edit.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

#include "tests/cores/versioned_map/test_support.hpp"

namespace {

namespace vm = cores::versioned_map;
using versioned_map_test::check_treap;
using versioned_map_test::contents;
using versioned_map_test::tracked;
using int_ref = vm::node_ref<int, int>;
using int_view = vm::read_view<int, int>;

constexpr std::uint64_t k_seed = 42;

std::set<int> keys_of(const int_ref& root, vm::version at) {
  std::set<int> out;
  int_view(root.get(), at).for_each([&](int k, int) { out.insert(k); });
  return out;
}

TEST(PtreeEditor, InsertedKeysReadBackInOrder) {
  vm::ptree_editor<int, int> editor(k_seed);
  int_ref root;
  for (const int k : {5, 1, 9, 3, 7}) EXPECT_TRUE(editor.insert(root, 1, k, k * 10, 1));
  const auto got = contents(int_view(root.get(), 1));
  EXPECT_EQ(got, (std::map<int, int>{{1, 10}, {3, 30}, {5, 50}, {7, 70}, {9, 90}}));
}

TEST(PtreeEditor, InsertOfAPresentKeyReturnsFalseAndChangesNothing) {
  vm::ptree_editor<int, int> editor(k_seed);
  int_ref root;
  editor.insert(root, 1, 4, 40, 1);
  EXPECT_FALSE(editor.insert(root, 1, 4, 99, 1));
  EXPECT_EQ(*int_view(root.get(), 1).find(4), 40);
}

TEST(PtreeEditor, RemoveOfAnAbsentKeyReturnsFalse) {
  vm::ptree_editor<int, int> editor(k_seed);
  int_ref root;
  EXPECT_FALSE(editor.remove(root, 1, 3));
  editor.insert(root, 1, 4, 40, 1);
  EXPECT_FALSE(editor.remove(root, 1, 3));
  EXPECT_TRUE(editor.remove(root, 1, 4));
  EXPECT_FALSE(root);
}

TEST(PtreeEditor, RandomEditsKeepOrderAndHeapAtEveryVersion) {
  vm::ptree_editor<int, int> editor(k_seed);
  std::mt19937 rng(7);
  std::vector<int_ref> roots(1);            // roots[v] = the tree of version v
  std::vector<std::set<int>> expected(1);   // the model of version v
  for (vm::version v = 1; v <= 300; ++v) {
    roots.push_back(roots.back());
    expected.push_back(expected.back());
    for (int edit = 0; edit < 3; ++edit) {
      const int key = static_cast<int>(rng() % 200);
      switch (rng() % 3) {
        case 0:
          EXPECT_EQ(editor.insert(roots.back(), v, key, key, v), expected.back().insert(key).second);
          break;
        case 1:
          EXPECT_EQ(editor.remove(roots.back(), v, key), expected.back().erase(key) == 1);
          break;
        default: {
          const int end = key + static_cast<int>(rng() % 20);
          editor.remove_range(roots.back(), v, key, end);
          expected.back().erase(expected.back().lower_bound(key), expected.back().lower_bound(end));
        }
      }
    }
  }
  // Checked at the end, so every older version has seen all later edits.
  for (vm::version v = 0; v < static_cast<vm::version>(roots.size()); ++v) {
    const auto count = check_treap(roots[v].get(), v);
    ASSERT_TRUE(count.has_value()) << "order or heap violated at version " << v;
    EXPECT_EQ(*count, expected[v].size());
    EXPECT_EQ(keys_of(roots[v], v), expected[v]) << "version " << v;
  }
}

TEST(PtreeEditor, RemoveRangeDropsExactlyTheHalfOpenRange) {
  vm::ptree_editor<int, int> editor(k_seed);
  int_ref root;
  for (int k = 0; k < 20; ++k) editor.insert(root, 1, k, k, 1);
  editor.remove_range(root, 2, 5, 12);
  std::set<int> left;
  for (int k = 0; k < 20; ++k) {
    if (k < 5 || k >= 12) left.insert(k);
  }
  EXPECT_EQ(keys_of(root, 2), left);
  EXPECT_TRUE(check_treap(root.get(), 2).has_value());
}

TEST(PtreeEditor, RemoveRangeWithBeginNotBelowEndDoesNothing) {
  vm::ptree_editor<int, int> editor(k_seed);
  int_ref root;
  for (int k = 0; k < 10; ++k) editor.insert(root, 1, k, k, 1);
  const auto* before = root.get();
  editor.remove_range(root, 2, 6, 6);
  editor.remove_range(root, 2, 7, 3);
  EXPECT_EQ(root.get(), before);
  EXPECT_EQ(keys_of(root, 2).size(), 10U);
}

TEST(PtreeEditor, EditsAtANewVersionLeaveTheOlderVersionIntact) {
  vm::ptree_editor<int, int> editor(k_seed);
  int_ref root;
  for (int k = 0; k < 50; ++k) editor.insert(root, 1, k, k, 1);
  const int_ref version_1 = root;  // shares every node
  editor.remove_range(root, 2, 10, 40);
  editor.insert(root, 2, 100, 100, 2);
  EXPECT_EQ(keys_of(version_1, 1).size(), 50U);
  EXPECT_EQ(keys_of(root, 2).size(), 21U);
  // A reader at version 1 through the new root's shared nodes never sees
  // version 2's spare pointers.
  EXPECT_TRUE(check_treap(version_1.get(), 1).has_value());
}

TEST(PtreeEditor, EveryNodeIsFreedExactlyOnceWhenTheLastRootGoes) {
  long live = 0;
  {
    vm::ptree_editor<int, tracked> editor(k_seed);
    std::vector<vm::node_ref<int, tracked>> roots(1);
    std::mt19937 rng(11);
    for (vm::version v = 1; v <= 200; ++v) {
      roots.push_back(roots.back());
      const int key = static_cast<int>(rng() % 100);
      if (!editor.insert(roots.back(), v, key, tracked(key, &live), v)) editor.remove(roots.back(), v, key);
      if (v % 10 == 0) editor.remove_range(roots.back(), v, key, key + 30);
    }
    EXPECT_GT(live, 0);
    roots.erase(roots.begin(), roots.begin() + 100);  // drop the older half first
    EXPECT_GT(live, 0);
  }
  EXPECT_EQ(live, 0);
}

TEST(PtreeEditor, AnInsertAtANewVersionAddsAmortisedConstantNodes) {
  // Node copying with one spare pointer adds O(1) nodes per update,
  // amortised (Driscoll et al. 1989), where path copying adds O(depth).
  long live = 0;
  vm::ptree_editor<int, tracked> editor(k_seed);
  std::vector<vm::node_ref<int, tracked>> roots(1);
  constexpr int k_keys = 4096;
  for (int k = 0; k < k_keys; ++k) editor.insert(roots.back(), 1, 2 * k, tracked(k, &live), 1);
  const long before = live;
  constexpr int k_versions = 1000;
  std::mt19937 rng(3);
  for (vm::version v = 2; v < 2 + k_versions; ++v) {
    roots.push_back(roots.back());
    editor.insert(roots.back(), v, 2 * static_cast<int>(rng() % k_keys) + 1, tracked(0, &live), v);
  }
  const double new_nodes_per_insert = static_cast<double>(live - before) / k_versions;
  EXPECT_GE(new_nodes_per_insert, 1.0);  // at least the new leaf
  EXPECT_LT(new_nodes_per_insert, 4.0);  // a copied path would be ~2 ln(4096) = 17
}

}  // namespace
