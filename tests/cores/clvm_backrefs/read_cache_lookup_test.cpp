#include "cores/clvm_backrefs/read_cache_lookup.hpp"

#include <gtest/gtest.h>

#include "tests/cores/clvm_backrefs/read_cache_lookup_spec.hpp"

namespace {

using namespace cores::clvm_backrefs;

TEST(CoreReadCacheLookup, FollowsTheSpecSequenceAtThresholdFour) {
  auto hasher = *sha256::create();
  read_cache_lookup lookup(hasher, k_core_threshold, 0x1234, 0);
  clvm_test::expect_spec_sequence(lookup, hasher);
}

TEST(CoreReadCacheLookup, FollowsTheSpecSequenceAtThresholdThreeWithAnySalt) {
  for (const std::uint64_t salt : {0ULL, 1ULL, 0xffffffffffffffffULL}) {
    auto hasher = *sha256::create();
    read_cache_lookup lookup(hasher, k_seed_threshold, salt, 100);
    clvm_test::expect_spec_sequence(lookup, hasher);
  }
}

TEST(CoreReadCacheLookup, SkipsNodesShorterThanTheThreshold) {
  auto hasher = *sha256::create();
  const auto nil = hash_atom(hasher, {});
  read_cache_lookup t4(hasher, k_core_threshold, 0, 0);
  read_cache_lookup t3(hasher, k_seed_threshold, 0, 0);
  EXPECT_EQ(clvm_test::path_of(t4, nil, 3), "none");
  EXPECT_EQ(clvm_test::path_of(t4, nil, 4), "01");
  EXPECT_EQ(clvm_test::path_of(t3, nil, 2), "none");
  EXPECT_EQ(clvm_test::path_of(t3, nil, 3), "01");
}

TEST(CoreReadCacheLookup, GivesUpOnPathsLongerThanTheNodeSaves) {
  // nil at depth 8 (path 0x01ff, 2 bytes + FE = 3 bytes): a 3-byte node
  // allows 7 steps, a 4-byte node 15.
  auto hasher = *sha256::create();
  read_cache_lookup lookup(hasher, k_seed_threshold, 0, 0);
  const auto one = hash_atom(hasher, std::vector<std::uint8_t>{1});
  for (int i = 0; i < 8; ++i) lookup.push(one);
  const auto nil = hash_atom(hasher, {});
  EXPECT_EQ(clvm_test::path_of(lookup, nil, 3), "none");
  EXPECT_EQ(clvm_test::path_of(lookup, nil, 4), "01ff");
}

TEST(CoreReadCacheLookup, FollowsParentsInInsertionOrder) {
  // Stack ((x . x)): x is at 0b100 (first, first) and 0b110 (first, rest),
  // both 2 steps. x's parent list holds (x . x) as left child first, so the
  // search reaches the pair that way and writes 04.
  auto hasher = *sha256::create();
  read_cache_lookup lookup(hasher, k_seed_threshold, 0, 0);
  const auto x = hash_atom(hasher, std::vector<std::uint8_t>{0x80});
  lookup.push(x);
  lookup.push(x);
  lookup.pop2_and_cons(hash_pair(hasher, x, x));
  EXPECT_EQ(clvm_test::path_of(lookup, x), "04");
}

TEST(CoreReadCacheLookup, StoresTwoParentLinksPerPushAndPerCons) {
  auto hasher = *sha256::create();
  read_cache_lookup lookup(hasher, k_seed_threshold, 0, 0);
  EXPECT_EQ(lookup.digest_count(), 1U);  // nil
  const auto a = hash_atom(hasher, std::vector<std::uint8_t>{1, 2});
  const auto b = hash_atom(hasher, std::vector<std::uint8_t>{3, 4});
  lookup.push(a);  // a, (a)
  lookup.push(b);  // b, (b a)
  lookup.pop2_and_cons(hash_pair(hasher, a, b));  // (a . b), ((a . b))
  EXPECT_EQ(lookup.parent_entries(), 2U + 2U + 2U + 2U);
  EXPECT_EQ(lookup.digest_count(), 7U);
}

TEST(CoreReadCacheLookup, ResetsToAnEmptyStack) {
  auto hasher = *sha256::create();
  read_cache_lookup lookup(hasher, k_seed_threshold, 0, 0);
  const auto a = hash_atom(hasher, std::vector<std::uint8_t>{1, 2});
  lookup.push(a);
  lookup.reset(99, 10);
  EXPECT_EQ(lookup.digest_count(), 1U);
  EXPECT_EQ(lookup.parent_entries(), 0U);
  EXPECT_EQ(clvm_test::path_of(lookup, a), "none");
  clvm_test::expect_spec_sequence(lookup, hasher);
}

}  // namespace
