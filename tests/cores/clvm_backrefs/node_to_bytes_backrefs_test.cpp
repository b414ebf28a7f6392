#include "cores/clvm_backrefs/node_to_bytes_backrefs.hpp"

#include "cores/clvm_backrefs/backrefs_serializer.hpp"

#include <gtest/gtest.h>

#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

using namespace cores::clvm_backrefs;
using clvm_test::bytes;
using clvm_test::from_hex;
using clvm_test::to_hex;

constexpr std::size_t k_random_trees = 40;
constexpr std::size_t k_random_steps = 1500;
constexpr std::size_t k_random_max_plain_bytes = 20'000;

std::string compressed(const std::string& plain_hex, std::uint64_t threshold = k_core_threshold,
                       std::uint64_t limit = k_no_limit) {
  node_store store;
  const auto root = clvm_test::parse_plain(store, from_hex(plain_hex));
  bytes out;
  const auto status = node_to_bytes_backrefs(store, root, out, limit, threshold);
  if (status != serialize_status::ok) return "failed";
  return to_hex(out);
}

// Checks the properties of the spec on one tree: decode(out) is the tree,
// out <= plain, out is the same for every salt; returns out.
bytes check_properties(const bytes& plain, std::uint64_t threshold) {
  node_store store;
  const auto root = clvm_test::parse_plain(store, plain);
  bytes out;
  EXPECT_EQ(node_to_bytes_backrefs_salted(store, root, 0, out, k_no_limit, threshold), serialize_status::ok);
  EXPECT_LE(out.size(), plain.size());
  for (const std::uint64_t salt : {1ULL, 0x9e3779b97f4a7c15ULL}) {
    bytes again;
    EXPECT_EQ(node_to_bytes_backrefs_salted(store, root, salt, again, k_no_limit, threshold), serialize_status::ok);
    EXPECT_EQ(again, out) << "salt " << salt;
  }
  node_store decoded_store;
  const auto decoded = node_from_bytes_backrefs(decoded_store, out);
  EXPECT_EQ(decoded.status, parse_status::ok);
  EXPECT_EQ(decoded.offset, out.size());
  EXPECT_EQ(clvm_test::plain_bytes(decoded_store, decoded.node), plain);
  EXPECT_EQ(clvm_test::hash_of(decoded_store, decoded.node), clvm_test::hash_of(store, root));
  return out;
}

TEST(CoreNodeToBytesBackrefs, WritesTheSpecVectorsAtBothThresholds) {
  for (const auto threshold : {k_core_threshold, k_seed_threshold}) {
    EXPECT_EQ(compressed("ff83666f6f83666f6f", threshold), "ff83666f6ffe02");
    EXPECT_EQ(compressed("ff86666f6f626172ff86666f6f62617280", threshold), "ff86666f6f626172fe01");
    EXPECT_EQ(compressed("ffff01ff02ff03ff0480ff01ff02ff03ff0480", threshold), "ffff01ff02ff03ff0480fe02");
  }
}

TEST(CoreNodeToBytesBackrefs, WritesTheFifteenByteL3) {
  // leaf = 0102030405; l1 = (leaf . leaf); l2 = (l1 . l1); l3 = (l2 . l2).
  node_store store;
  auto node = *store.new_atom(from_hex("0102030405"));
  for (int level = 0; level < 3; ++level) node = *store.new_pair(node, node);
  bytes out;
  ASSERT_EQ(node_to_bytes_backrefs(store, node, out), serialize_status::ok);
  EXPECT_EQ(to_hex(out), "ffffff850102030405fe02fe02fe02");
  EXPECT_EQ(out.size(), 15U);
  EXPECT_EQ(node_to_bytes_backrefs(store, node, out, 15), serialize_status::ok);
  EXPECT_EQ(node_to_bytes_backrefs(store, node, out, 14), serialize_status::over_limit);
  EXPECT_TRUE(out.empty());
}

TEST(CoreNodeToBytesBackrefs, LeavesThreeByteNodesAloneAtThresholdFour) {
  // (ab . ab): the 2-byte atom is 3 bytes serialized, below T = 4.
  EXPECT_EQ(compressed("ff826162826162", k_core_threshold), "ff826162826162");
  EXPECT_EQ(compressed("ff826162826162", k_seed_threshold), "ff826162fe02");
}

TEST(CoreNodeToBytesBackrefs, HoldsThePropertiesOnRandomTrees) {
  for (std::uint64_t seed = 1; seed <= k_random_trees; ++seed) {
    const auto plain = clvm_test::random_tree_plain(seed, k_random_steps, k_random_max_plain_bytes);
    SCOPED_TRACE(seed);
    const auto t4 = check_properties(plain, k_core_threshold);
    const auto t3 = check_properties(plain, k_seed_threshold);
    EXPECT_LT(t3.size(), plain.size());
    (void)t4;
  }
}

TEST(CoreNodeToBytesBackrefs, HandlesTreesNested100000Deep) {
  constexpr std::size_t k_deep = 100'000;
  // Left-deep like 2.generator: FF x n, 81 cb, then n atoms 80.
  bytes left(k_deep, 0xff);
  left.push_back(0x81);
  left.push_back(0xcb);
  left.insert(left.end(), k_deep, 0x80);
  // Right-deep: a list of n copies of a 3-byte atom.
  bytes right;
  for (std::size_t i = 0; i < k_deep; ++i) right.insert(right.end(), {0xff, 0x82, 0x12, 0x34});
  right.push_back(0x80);
  for (const auto* plain : {&left, &right}) {
    node_store store;
    const auto root = clvm_test::parse_plain(store, *plain);
    for (const auto threshold : {k_core_threshold, k_seed_threshold}) {
      bytes out;
      ASSERT_EQ(node_to_bytes_backrefs(store, root, out, k_no_limit, threshold), serialize_status::ok);
      EXPECT_LE(out.size(), plain->size());
      node_store decoded_store;
      const auto decoded = node_from_bytes_backrefs(decoded_store, out);
      ASSERT_EQ(decoded.status, parse_status::ok);
      EXPECT_EQ(clvm_test::plain_bytes(decoded_store, decoded.node), *plain);
    }
  }
}

TEST(BackrefsSerializer, GivesTheOneShotOutputWhenReusedAcrossTreesOfAnySize) {
  // Big, small, big again: reused memory must not leak state between calls.
  backrefs_serializer t4(k_core_threshold);
  backrefs_serializer t3(k_seed_threshold);
  for (const std::uint64_t seed : {5ULL, 6ULL, 7ULL, 5ULL}) {
    const auto plain = clvm_test::random_tree_plain(seed, seed == 6 ? 50 : k_random_steps, k_random_max_plain_bytes);
    node_store store;
    const auto root = clvm_test::parse_plain(store, plain);
    for (auto* serializer : {&t4, &t3}) {
      const auto threshold = serializer == &t4 ? k_core_threshold : k_seed_threshold;
      bytes reused, once;
      ASSERT_EQ(serializer->serialize(store, root, reused), serialize_status::ok);
      ASSERT_EQ(node_to_bytes_backrefs(store, root, once, k_no_limit, threshold), serialize_status::ok);
      EXPECT_EQ(reused, once) << "seed " << seed;
    }
  }
}

TEST(BackrefsSerializer, FailsCleanlyOverTheLimitAndRecovers) {
  node_store store;
  auto node = *store.new_atom(from_hex("0102030405"));
  for (int level = 0; level < 3; ++level) node = *store.new_pair(node, node);
  backrefs_serializer serializer;
  bytes out;
  EXPECT_EQ(serializer.serialize(store, node, out, 14), serialize_status::over_limit);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(serializer.serialize(store, node, out, 15), serialize_status::ok);
  EXPECT_EQ(to_hex(out), "ffffff850102030405fe02fe02fe02");
}

TEST(CoreNodeToBytesBackrefs, WritesAnAtomTreeAsItsPlainForm) {
  EXPECT_EQ(compressed("80"), "80");
  EXPECT_EQ(compressed("83666f6f"), "83666f6f");
}

}  // namespace
