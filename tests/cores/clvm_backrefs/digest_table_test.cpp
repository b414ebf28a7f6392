#include "cores/clvm_backrefs/digest_table.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <set>

namespace {

using namespace cores::clvm_backrefs;

// Digests whose first 8 bytes agree in the low `shared_bits` bits and in
// every other byte: under the seed's identity hash (first 8 bytes modulo a
// power of two) they all land in one bucket of any table of up to
// 2^shared_bits buckets.
std::vector<digest> colliding_low_bits(std::size_t count, unsigned shared_bits) {
  std::vector<digest> out;
  for (std::uint64_t i = 0; i < count; ++i) {
    digest d{};
    const std::uint64_t low_bits = shared_bits == 0 ? 0 : 0x5a5a5a5a5a5a5a5aULL >> (64 - shared_bits);
    const std::uint64_t head = (i << shared_bits) | low_bits;
    std::memcpy(d.data(), &head, sizeof head);
    out.push_back(d);
  }
  return out;
}

TEST(DigestTable, NumbersDigestsInInsertionOrder) {
  digest_table table(0, 0);
  digest a{}, b{};
  a[0] = 1;
  b[0] = 2;
  EXPECT_EQ(table.intern(a), 0U);
  EXPECT_EQ(table.intern(b), 1U);
  EXPECT_EQ(table.intern(a), 0U);
  EXPECT_EQ(table.find(b), 1U);
  digest c{};
  EXPECT_EQ(table.find(c), digest_table::k_absent);
  EXPECT_EQ(table.size(), 2U);
  EXPECT_EQ(table.key(1), b);
}

TEST(DigestTable, KeepsIdsAcrossGrowth) {
  digest_table table(7, 0);
  const auto keys = colliding_low_bits(5000, 0);
  for (std::size_t i = 0; i < keys.size(); ++i) ASSERT_EQ(table.intern(keys[i]), i);
  for (std::size_t i = 0; i < keys.size(); ++i) ASSERT_EQ(table.find(keys[i]), i);
  EXPECT_GE(table.capacity(), 2 * keys.size());
}

TEST(DigestTable, SpreadsDigestsCraftedToCollideInTheirLowBits) {
  // 4096 digests sharing their low 20 bits: the seed's identity hash would
  // put them all in one bucket of this 16384-slot table (one probe chain of
  // 4096). The salted, mixed placement spreads them like random keys (about
  // 3600 distinct home slots expected); the longest probe stays short.
  const auto keys = colliding_low_bits(4096, 20);
  for (const std::uint64_t salt : {0ULL, 1ULL, 0x0123456789abcdefULL, 0xfedcba9876543210ULL}) {
    digest_table table(salt, keys.size());
    ASSERT_EQ(table.capacity(), 16384U);
    for (const auto& key : keys) table.intern(key);
    std::set<std::size_t> homes;
    for (const auto& key : keys) homes.insert(table.home_slot(key));
    EXPECT_GT(homes.size(), keys.size() / 2) << salt;
    EXPECT_LT(table.longest_probe(), 64U) << salt;
  }
}

TEST(DigestTable, PlacesTheSameDigestDifferentlyUnderDifferentSalts) {
  // An attacker who does not know the salt cannot aim at a bucket: over 16
  // salts, one digest's home slot takes many values.
  digest key{};
  key[0] = 0x42;
  std::set<std::size_t> homes;
  for (std::uint64_t salt = 1; salt <= 16; ++salt) {
    homes.insert(digest_table(salt * 0x9e3779b97f4a7c15ULL, 1000).home_slot(key));
  }
  EXPECT_GT(homes.size(), 12U);
}

}  // namespace
