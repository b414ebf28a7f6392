// The extreme workload: key order, the mutation stream's shape, and the
// storage server's clear semantics (markers, splits, engulfing).

#include "harness/cases/versioned_map/extreme_workload.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "cores/versioned_map/ring_roots.hpp"
#include "cores/versioned_map/versioned_map.hpp"

namespace {

namespace vm = cores::versioned_map;
using benchgate::cases::versioned_map::apply_mutation;
using benchgate::cases::versioned_map::k_clear_period;
using benchgate::cases::versioned_map::k_range_read_rows;
using benchgate::cases::versioned_map::make_mutations;
using benchgate::cases::versioned_map::make_range_reads;
using benchgate::cases::versioned_map::mutation;
using benchgate::cases::versioned_map::range_read;
using benchgate::cases::versioned_map::read_digest;
using benchgate::cases::versioned_map::read_range;
using benchgate::cases::versioned_map::short_key;
using benchgate::cases::versioned_map::value_or_clear;
using key_map = vm::versioned_map<short_key, value_or_clear, vm::ring_roots<vm::node_ref<short_key, value_or_clear>>>;

short_key key(std::string_view text) { return short_key(text); }

// The latest version as "key=value" or "key:clear-to-end" entries.
std::map<std::string, std::string> latest_entries(const key_map& m) {
  std::map<std::string, std::string> out;
  m.at_latest().for_each([&](const short_key& k, const value_or_clear& v) {
    out.emplace(std::string(k.view()), (v.is_clear ? "clear to " : "") + std::string(v.bytes.view()));
  });
  return out;
}

void apply(key_map& m, const mutation& mu) {
  vm::cursor<short_key, value_or_clear> c;
  m.create_new_version(m.latest_version() + 1);
  apply_mutation(m, mu, c);
}

TEST(ShortKey, OrdersBytewiseAndKeyAfterIsTheNextKey) {
  EXPECT_TRUE(key("") < key("a"));
  EXPECT_TRUE(key("ab") < key("b"));
  EXPECT_TRUE(key("a") < key("a").after());
  EXPECT_TRUE(key("a").after() < key("a\x01"));
  EXPECT_EQ(key("abc").after().size(), 4U);
  EXPECT_EQ(key("abc").after().view(), std::string_view("abc\0", 4));
}

TEST(ShortKey, AFullKeyHasNoRoomForKeyAfter) {
  const short_key full(std::string(short_key::k_capacity_bytes + 3, 'x'));
  EXPECT_EQ(full.size(), short_key::k_capacity_bytes);
  EXPECT_EQ(full.after(), full);
}

TEST(ExtremeWorkload, EveryTwentiethMutationIsAClearWithBeginBeforeEnd) {
  const auto mutations = make_mutations(2000, 9);
  ASSERT_EQ(mutations.size(), 2000U);
  std::size_t clears = 0;
  for (std::size_t i = 0; i < mutations.size(); ++i) {
    const auto& m = mutations[i];
    EXPECT_EQ(m.is_clear, i % k_clear_period == k_clear_period - 1) << i;
    clears += m.is_clear;
    if (m.is_clear) {
      EXPECT_TRUE(m.first < m.second) << i;
    } else {
      EXPECT_LE(m.first.size(), 10U);
      EXPECT_LE(m.second.size(), 4U);
      for (const char ch : m.first.view()) EXPECT_TRUE(ch >= 'a' && ch <= 'l');
      for (const char ch : m.second.view()) EXPECT_TRUE(ch >= 'o' && ch <= 'y');
    }
  }
  EXPECT_EQ(clears, 100U);
}

TEST(ExtremeWorkload, KeysAreSkewedTowardsEmpty) {
  // P(floor(u^3 * 11) = 0) = (1/11)^(1/3) = 0.45
  const auto mutations = make_mutations(20000, 3);
  std::size_t empty = 0;
  std::size_t sets = 0;
  for (const auto& m : mutations) {
    if (m.is_clear) continue;
    ++sets;
    empty += m.first.size() == 0;
  }
  const double share = static_cast<double>(empty) / static_cast<double>(sets);
  EXPECT_GT(share, 0.42);
  EXPECT_LT(share, 0.48);
}

TEST(ExtremeWorkload, TheSameSeedGivesTheSameStream) {
  const auto a = make_mutations(500, 77);
  const auto b = make_mutations(500, 77);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].first, b[i].first);
    EXPECT_EQ(a[i].second, b[i].second);
  }
}

TEST(ExtremeWorkload, AClearErasesItsRangeAndLeavesAMarker) {
  key_map m;
  apply(m, {false, key("b"), key("x")});
  apply(m, {false, key("c"), key("y")});
  apply(m, {false, key("e"), key("z")});
  apply(m, {true, key("b"), key("d")});
  EXPECT_EQ(latest_entries(m), (std::map<std::string, std::string>{{"b", "clear to d"}, {"e", "z"}}));
}

TEST(ExtremeWorkload, ASetInsideAClearSplitsTheMarker) {
  key_map m;
  apply(m, {true, key("b"), key("f")});
  apply(m, {false, key("d"), key("v")});
  const std::string after_d("d\0", 2);
  EXPECT_EQ(latest_entries(m),
            (std::map<std::string, std::string>{{"b", "clear to d"}, {"d", "v"}, {after_d, "clear to f"}}));
}

TEST(ExtremeWorkload, ASetAtTheMarkerReplacesItsStart) {
  key_map m;
  apply(m, {true, key("b"), key("f")});
  apply(m, {false, key("b"), key("v")});
  const std::string after_b("b\0", 2);
  EXPECT_EQ(latest_entries(m), (std::map<std::string, std::string>{{"b", "v"}, {after_b, "clear to f"}}));
}

TEST(ExtremeWorkload, AClearEngulfsTheClearsItOverlaps) {
  key_map m;
  apply(m, {true, key("b"), key("d")});
  apply(m, {true, key("f"), key("h")});
  apply(m, {true, key("c"), key("g")});
  EXPECT_EQ(latest_entries(m), (std::map<std::string, std::string>{{"b", "clear to h"}}));
}

TEST(ExtremeWorkload, OlderVersionsKeepTheirContents) {
  key_map m;
  apply(m, {false, key("b"), key("x")});
  apply(m, {true, key("a"), key("z")});
  vm::cursor<short_key, value_or_clear> c;
  m.at(1)->first(c);
  ASSERT_TRUE(c.valid());
  EXPECT_EQ(c.key(), key("b"));
  EXPECT_FALSE(c.value().is_clear);
}

TEST(ExtremeWorkload, ARangeReadStopsAtItsEndAndAtTheRowLimit) {
  key_map m;
  for (const char ch : std::string("abcdefghijkl")) apply(m, {false, key(std::string(1, ch)), key("o")});
  vm::cursor<short_key, value_or_clear> c;
  read_digest short_range;
  read_range(m.at_latest(), range_read{key("b"), key("e")}, c, short_range);
  EXPECT_EQ(short_range.rows, 3U);
  read_digest long_range;
  read_range(m.at_latest(), range_read{key("a"), key("z")}, c, long_range);
  EXPECT_EQ(long_range.rows, k_range_read_rows);
}

TEST(ExtremeWorkload, RangeReadsHaveBeginBeforeEnd) {
  for (const auto& r : make_range_reads(1000, 5)) EXPECT_TRUE(r.begin < r.end);
}

}  // namespace
