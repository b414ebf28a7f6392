#include "cores/clvm_backrefs/tree_facts.hpp"

#include <gtest/gtest.h>

#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

using namespace cores::clvm_backrefs;
using clvm_test::from_hex;
using clvm_test::to_hex;

std::string hash_hex(const std::string& plain_hex) {
  node_store store;
  const auto root = clvm_test::parse_plain(store, from_hex(plain_hex));
  return to_hex(clvm_test::hash_of(store, root));
}

TEST(TreeHash, OfNilIsTheSpecValue) {
  EXPECT_EQ(hash_hex("80"), "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a");
}

TEST(TreeHash, OfFooDotBarIsTheSpecValue) {
  EXPECT_EQ(hash_hex("ff83666f6f83626172"), "c518e45ae6a7b4146017b7a1d81639051b132f1f5572ce3088a3898a9ed1280b");
}

TEST(TreeHash, OfTheListOneToSixIsTheSpecValue) {
  EXPECT_EQ(hash_hex("ff01ff02ff03ff04ff05ff0680"), "65de5098d18bebd62aee37de32f0b62d1803d9c7c48f10dca25501243d7a0392");
}

TEST(TreeHash, HashesLongAtomsLikeShortOnes) {
  // 65 bytes go through two EVP updates, 64 through one buffer: each must
  // equal SHA256(01 || bytes). Expected digests from Python's hashlib, e.g.
  // hashlib.sha256(b'\\x01' + b'\\x5a' * 100).hexdigest().
  const std::pair<std::size_t, const char*> known[] = {
      {63, "cd3f17628a1fd4c9802f027acffc169305abe25253c8bd6fef3a53fa5ae27279"},
      {64, "c9aca2eaa3813a9680d41e545c219185d5cd77c854b9e76030f601d6531b8fb8"},
      {100, "6322b21b5a593997cc4e20285dc836c5e42ff14f2bde8b240544136a5d14e0d6"},
  };
  for (const auto& [length, expected] : known) {
    node_store store;
    const auto atom = *store.new_atom(std::vector<std::uint8_t>(length, 0x5a));
    auto hasher = *sha256::create();
    const auto hash = tree_hash(store, atom, hasher);
    ASSERT_TRUE(hash.has_value());
    EXPECT_EQ(to_hex(*hash), expected) << length << " bytes";
  }
}

TEST(TreeFacts, GivesSerializedLengthsOfAtomsAndPairs) {
  node_store store;
  const auto root = clvm_test::parse_plain(store, from_hex("ff83666f6fff8200ff80"));
  auto hasher = *sha256::create();
  const auto facts = tree_facts::compute(store, root, hasher);
  ASSERT_TRUE(facts.has_value());
  EXPECT_EQ(facts->serialized_length(root), 10U);
  EXPECT_EQ(facts->serialized_length(store.left(root)), 4U);
  EXPECT_EQ(facts->serialized_length(store.right(root)), 5U);
  EXPECT_EQ(facts->node_count(), 5U);  // foo, (0x00 . nil), 0x00, nil, root
}

TEST(TreeFacts, HashesASharedNodeOnceAndSaturatesHugeLengths) {
  // 80 levels of (x . x) describe a tree of 2^80 leaves: its length
  // saturates, and only 81 distinct nodes are hashed.
  node_store store;
  auto node = *store.new_atom(std::vector<std::uint8_t>{1, 2});
  for (int i = 0; i < 80; ++i) node = *store.new_pair(node, node);
  auto hasher = *sha256::create();
  const auto facts = tree_facts::compute(store, node, hasher);
  ASSERT_TRUE(facts.has_value());
  EXPECT_EQ(facts->serialized_length(node), UINT64_MAX);
  EXPECT_EQ(facts->node_count(), 81U);
}

TEST(TreeFacts, IgnoresNodesNotReachableFromTheRoot) {
  node_store store;
  const auto unrelated = *store.new_pair(store.nil(), store.nil());
  const auto root = *store.new_atom(std::vector<std::uint8_t>{9, 9});
  auto hasher = *sha256::create();
  const auto facts = tree_facts::compute(store, root, hasher);
  ASSERT_TRUE(facts.has_value());
  EXPECT_EQ(facts->node_count(), 1U);
  (void)unrelated;
}

TEST(TreeHash, IsUnchangedByABackrefRoundTripOfAHundredThousandDeepTree) {
  node_store store;
  auto node = store.nil();
  for (int i = 0; i < 100'000; ++i) node = *store.new_pair(*store.new_atom(std::vector<std::uint8_t>{1, 2}), node);
  const auto hash = clvm_test::hash_of(store, node);
  node_store copy;
  const auto reparsed = clvm_test::parse_plain(copy, clvm_test::plain_bytes(store, node));
  EXPECT_EQ(clvm_test::hash_of(copy, reparsed), hash);
}

}  // namespace
