#include "cores/page_iter/fixed_bit_set.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <vector>

namespace {

using cores::page_iter::fixed_bit_set;

template <class Block>
class FixedBitSet : public ::testing::Test {};

using block_types = ::testing::Types<std::uint64_t, std::uint32_t>;
TYPED_TEST_SUITE(FixedBitSet, block_types);

template <class Set>
std::vector<std::size_t> collect(const typename Set::set_bits& range) {
  return {range.begin(), range.end()};
}

TYPED_TEST(FixedBitSet, HandleIsTenPackedBytes) {
  EXPECT_EQ(sizeof(fixed_bit_set<TypeParam>), 10u);
}

TYPED_TEST(FixedBitSet, NewSetHasNoBitSetAndRoundsUpToWholeBlocks) {
  using set = fixed_bit_set<TypeParam>;
  const set s(100);
  const std::size_t bits = set::bits_per_block;
  EXPECT_EQ(s.len(), (100 + bits - 1) / bits * bits);
  EXPECT_EQ(s.count(), 0u);
  for (std::size_t i = 0; i < s.len(); ++i) EXPECT_EQ(s.get(i), std::optional<bool>(false)) << i;
  EXPECT_TRUE(collect<set>(s.iter_set()).empty());
}

TYPED_TEST(FixedBitSet, SetGetAndUnsetAgree) {
  fixed_bit_set<TypeParam> s(130);
  EXPECT_TRUE(s.set(0));
  EXPECT_TRUE(s.set(31));
  EXPECT_TRUE(s.set(32));
  EXPECT_TRUE(s.set(129));
  EXPECT_EQ(s.get(31), std::optional<bool>(true));
  EXPECT_EQ(s.get(30), std::optional<bool>(false));
  EXPECT_EQ(s.count(), 4u);
  EXPECT_TRUE(s.reset(31));
  EXPECT_EQ(s.get(31), std::optional<bool>(false));
  EXPECT_EQ(s.count(), 3u);
}

TYPED_TEST(FixedBitSet, SetIsIdempotent) {
  fixed_bit_set<TypeParam> s(64);
  s.set(7);
  s.set(7);
  EXPECT_EQ(s.count(), 1u);
  EXPECT_EQ(collect<fixed_bit_set<TypeParam>>(s.iter_set()), std::vector<std::size_t>{7});
}

TYPED_TEST(FixedBitSet, OutOfRangeAccessIsAStatusNotACrash) {
  fixed_bit_set<TypeParam> s(10);
  EXPECT_EQ(s.get(s.len()), std::nullopt);
  EXPECT_FALSE(s.set(s.len()));
  EXPECT_EQ(s.count(), 0u);
}

TYPED_TEST(FixedBitSet, ZeroBitSetIteratesNothingAndGetZeroIsAnError) {
  using set = fixed_bit_set<TypeParam>;
  const set s(0);
  EXPECT_EQ(s.len(), 0u);
  EXPECT_EQ(s.get(0), std::nullopt);
  EXPECT_TRUE(collect<set>(s.iter_set()).empty());
  ASSERT_TRUE(s.iter_set_from(0).has_value());
  EXPECT_TRUE(collect<set>(*s.iter_set_from(0)).empty());
  EXPECT_FALSE(s.iter_set_from(1).has_value());
}

TYPED_TEST(FixedBitSet, ClearUnsetsEveryBit) {
  fixed_bit_set<TypeParam> s(200);
  for (std::size_t i = 0; i < 200; i += 3) s.set(i);
  s.clear();
  EXPECT_EQ(s.count(), 0u);
  EXPECT_TRUE(collect<fixed_bit_set<TypeParam>>(s.iter_set()).empty());
}

TYPED_TEST(FixedBitSet, CreateRefusesMoreThan65535Blocks) {
  using set = fixed_bit_set<TypeParam>;
  EXPECT_TRUE(set::create(set::max_bits).has_value());
  EXPECT_FALSE(set::create(set::max_bits + 1).has_value());
}

TYPED_TEST(FixedBitSet, IterSetFromLenIsEmptyAndBeyondIsAnError) {
  using set = fixed_bit_set<TypeParam>;
  set s(64);
  s.set(63);
  ASSERT_TRUE(s.iter_set_from(s.len()).has_value());
  EXPECT_TRUE(collect<set>(*s.iter_set_from(s.len())).empty());
  EXPECT_FALSE(s.iter_set_from(s.len() + 1).has_value());
}

TYPED_TEST(FixedBitSet, CopiesAreDeepAndMovesEmptyTheSource) {
  using set = fixed_bit_set<TypeParam>;
  set a(100);
  a.set(5);
  set b = a;
  b.set(6);
  EXPECT_EQ(a.count(), 1u);
  EXPECT_EQ(b.count(), 2u);
  set c = std::move(b);
  EXPECT_EQ(c.count(), 2u);
  EXPECT_EQ(b.len(), 0u);  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
}

// The PR's proptests: random bit choices; iter_set yields exactly the chosen
// indices ascending and iter_set_from(k) the suffix, for every k.
TYPED_TEST(FixedBitSet, RandomChoicesIterateAsAnOrderedSetModel) {
  using set = fixed_bit_set<TypeParam>;
  std::mt19937_64 rng(12345);
  for (int round = 0; round < 50; ++round) {
    const std::size_t bits = rng() % 700;
    set s(bits);
    std::set<std::size_t> model;
    const std::size_t picks = bits == 0 ? 0 : rng() % (bits + 1);
    for (std::size_t p = 0; p < picks; ++p) {
      const std::size_t i = rng() % bits;
      if (rng() % 4 == 0) {
        s.reset(i);
        model.erase(i);
      } else {
        s.set(i);
        model.insert(i);
      }
    }
    EXPECT_EQ(collect<set>(s.iter_set()), std::vector<std::size_t>(model.begin(), model.end()));
    EXPECT_EQ(s.count(), model.size());
    for (std::size_t k = 0; k <= s.len(); k += 1 + rng() % 17) {
      const auto from = s.iter_set_from(k);
      ASSERT_TRUE(from.has_value());
      EXPECT_EQ(collect<set>(*from), std::vector<std::size_t>(model.lower_bound(k), model.end()))
          << "bits " << bits << " from " << k;
    }
  }
}

}  // namespace
