// Hash flooding against the identity-hash core's digest table: an attacker
// who crafts digests to pile into one bucket of one run gains nothing in the
// next run, whose table salt is fresh (random_salt(), as every serializer
// call gets). What remains possible is stated in docs/reliability.md: digests
// sharing all of their first 8 bytes collide under every salt.

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <vector>

#include "cores/clvm_backrefs/digest_table.hpp"
#include "cores/clvm_backrefs/random_salt.hpp"

namespace {

using namespace cores::clvm_backrefs;

constexpr std::size_t k_table_expected = 4096;  // capacity 16384 slots
constexpr std::size_t k_crafted = 64;
constexpr int k_fresh_runs = 8;
// 64 random keys in 16384 slots: the longest probe is almost surely <= 3.
constexpr std::size_t k_short_probe = 16;

digest with_head(std::uint64_t head) {
  digest d{};
  std::memcpy(d.data(), &head, sizeof head);
  return d;
}

// k_crafted digests whose home slot under `salt` is slot 0: what an attacker
// who learned one run's salt would feed it (found by brute force, as the
// attacker would, about 16384 tries per digest).
std::vector<digest> crafted_against(std::uint64_t salt) {
  const digest_table table(salt, k_table_expected);
  std::vector<digest> out;
  for (std::uint64_t head = 0; out.size() < k_crafted; ++head) {
    const auto d = with_head(head);
    if (table.home_slot(d) == 0) out.push_back(d);
  }
  return out;
}

std::size_t longest_probe_of(const std::vector<digest>& keys, std::uint64_t salt) {
  digest_table table(salt, k_table_expected);
  for (const auto& key : keys) table.intern(key);
  return table.longest_probe();
}

TEST(HashFlooding, DigestsCraftedAgainstOneRunsSaltDoNotCollideInTheNextRuns) {
  const std::uint64_t known_salt = random_salt();
  const auto keys = crafted_against(known_salt);
  // Against the salt they were crafted for they form one probe chain...
  EXPECT_EQ(longest_probe_of(keys, known_salt), k_crafted);
  // ...but every later run draws a fresh salt, where they spread like random keys.
  for (int run = 0; run < k_fresh_runs; ++run) {
    const std::uint64_t fresh = random_salt();
    ASSERT_NE(fresh, known_salt);
    EXPECT_LT(longest_probe_of(keys, fresh), k_short_probe) << "salt " << fresh;
    const digest_table table(fresh, k_table_expected);
    std::set<std::size_t> homes;
    for (const auto& key : keys) homes.insert(table.home_slot(key));
    EXPECT_GT(homes.size(), k_crafted * 3 / 4) << "salt " << fresh;
  }
}

TEST(HashFlooding, FreshSaltsDifferBetweenRuns) {
  std::set<std::uint64_t> salts;
  for (int run = 0; run < k_fresh_runs; ++run) salts.insert(random_salt());
  EXPECT_EQ(salts.size(), static_cast<std::size_t>(k_fresh_runs));
}

TEST(HashFlooding, ResidualRiskDigestsSharingTheirFirst8BytesCollideUnderEverySalt) {
  // Placement reads only the first 8 bytes, so digests equal there share a
  // home slot whatever the salt. Making SHA-256 tree hashes agree in 64 bits
  // costs about 2^32 hashes for a pair and far more for a large group.
  std::vector<digest> keys;
  for (std::uint8_t i = 0; i < k_crafted; ++i) {
    auto d = with_head(0x0123456789abcdefULL);
    d[31] = i;
    keys.push_back(d);
  }
  for (int run = 0; run < k_fresh_runs; ++run) EXPECT_EQ(longest_probe_of(keys, random_salt()), k_crafted);
}

}  // namespace
