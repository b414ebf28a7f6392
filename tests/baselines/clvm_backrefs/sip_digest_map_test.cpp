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
}

// Known values of SipHash-1-3 over 32 bytes, from a second implementation
// (Python, written from the paper's description with c = 1 and d = 3, and
// checked against the paper's SipHash-2-4 test vector 0xa129ca6149be45e5).
TEST(SipHash, IsSipHashOneThreeOfTheDigestBytes) {
  const sip_key key{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};  // bytes 00..0f
  digest counting{};
  for (std::size_t i = 0; i < counting.size(); ++i) counting[i] = static_cast<std::uint8_t>(i);
  EXPECT_EQ(sip_hash(key, counting), 0x81157b6c16a7b60dULL);
  EXPECT_EQ(sip_hash({0, 0}, digest{}), 0xb85bed2614339b3dULL);
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
