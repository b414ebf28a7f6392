#include "baselines/clvm_backrefs/read_cache_lookup.hpp"

#include <gtest/gtest.h>

#include "tests/cores/clvm_backrefs/read_cache_lookup_spec.hpp"

namespace {

using namespace baselines::clvm_backrefs;

TEST(BaselineReadCacheLookup, FollowsTheSpecSequenceWithAnyKey) {
  for (const sip_key key : {sip_key{0, 0}, sip_key{1, 2}, sip_key{~0ULL, 0x0123456789abcdefULL}}) {
    auto hasher = *sha256::create();
    read_cache_lookup lookup(hasher, key);
    clvm_test::expect_spec_sequence(lookup, hasher);
  }
}

TEST(BaselineReadCacheLookup, SkipsNodesShorterThanThreeBytes) {
  auto hasher = *sha256::create();
  read_cache_lookup lookup(hasher, {});
  const auto nil = cores::clvm_backrefs::hash_atom(hasher, {});
  EXPECT_EQ(clvm_test::path_of(lookup, nil, 2), "none");
  EXPECT_EQ(clvm_test::path_of(lookup, nil, 3), "01");
}

TEST(BaselineReadCacheLookup, FindsOneShortestPathPerSearch) {
  // Stack ((x . x)): the root enters the search once, so there is one
  // candidate, through x's first parent entry (left): 04.
  auto hasher = *sha256::create();
  read_cache_lookup lookup(hasher, {});
  const auto x = cores::clvm_backrefs::hash_atom(hasher, std::vector<std::uint8_t>{0x80});
  lookup.push(x);
  lookup.push(x);
  lookup.pop2_and_cons(cores::clvm_backrefs::hash_pair(hasher, x, x));
  const auto paths = lookup.find_paths(x, clvm_test::k_long_node_bytes);
  ASSERT_EQ(paths.size(), 1U);
  EXPECT_EQ(clvm_test::to_hex(paths[0]), "04");
}

}  // namespace
