#include "baselines/clvm_backrefs/sip_digest_map.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace baselines::clvm_backrefs;

digest digest_of(std::uint32_t n) {
  digest d{};
  d[0] = static_cast<std::uint8_t>(n);
  d[1] = static_cast<std::uint8_t>(n >> 8);
  d[31] = static_cast<std::uint8_t>(n >> 16);
  return d;
}

TEST(SipHash, DependsOnTheKeyAndTheDigest) {
  const digest zero{};
  EXPECT_NE(sip_hash({0, 0}, zero), sip_hash({1, 0}, zero));
  EXPECT_NE(sip_hash({0, 0}, zero), sip_hash({0, 1}, zero));
  EXPECT_NE(sip_hash({0, 0}, zero), sip_hash({0, 0}, digest_of(1)));
  EXPECT_EQ(sip_hash({5, 6}, zero), sip_hash({5, 6}, zero));
}

TEST(SipDigestMap, StartsEmptyAndDefaultInserts) {
  sip_digest_map<std::uint32_t> map({1, 2});
  EXPECT_EQ(map.size(), 0U);
  EXPECT_EQ(map.find(digest_of(7)), nullptr);
  ++map[digest_of(7)];
  ++map[digest_of(7)];
  ASSERT_NE(map.find(digest_of(7)), nullptr);
  EXPECT_EQ(*map.find(digest_of(7)), 2U);
  EXPECT_EQ(map.size(), 1U);
}

TEST(SipDigestMap, KeepsEveryValueThroughGrowth) {
  sip_digest_map<std::vector<std::uint32_t>> map({3, 4});
  for (std::uint32_t i = 0; i < 5000; ++i) map[digest_of(i)].push_back(i);
  EXPECT_EQ(map.size(), 5000U);
  for (std::uint32_t i = 0; i < 5000; ++i) {
    const auto* found = map.find(digest_of(i));
    ASSERT_NE(found, nullptr) << i;
    EXPECT_EQ(*found, std::vector<std::uint32_t>{i});
  }
  EXPECT_EQ(map.find(digest_of(5000)), nullptr);
}

TEST(SipDigestSet, InsertsEachDigestOnce) {
  sip_digest_map<no_value> set({9, 9});
  EXPECT_TRUE(set.insert(digest_of(1)));
  EXPECT_FALSE(set.insert(digest_of(1)));
  EXPECT_TRUE(set.contains(digest_of(1)));
  EXPECT_FALSE(set.contains(digest_of(2)));
  EXPECT_EQ(set.size(), 1U);
}

}  // namespace
