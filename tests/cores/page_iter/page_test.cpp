#include "cores/page_iter/page.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "cores/page_iter/page_iteration.hpp"

namespace {

namespace pi = cores::page_iter;
using page64 = pi::page<std::uint64_t>;

std::vector<std::byte> row_of(std::uint64_t value) {
  std::vector<std::byte> row(sizeof value);
  std::memcpy(row.data(), &value, sizeof value);
  return row;
}

std::vector<pi::page_offset> offsets_of(const page64& p) {
  std::vector<pi::page_offset> out;
  pi::for_each_row(p, [&](pi::page_offset off) { out.push_back(off); });
  return out;
}

std::uint64_t value_at(const page64& p, pi::page_offset off) {
  std::uint64_t v = 0;
  std::memcpy(&v, p.row_data() + off, sizeof v);
  return v;
}

TEST(Page, RowSizesOutsideTwoTo65472BytesAreRefused) {
  EXPECT_EQ(page64::create(1), nullptr);
  EXPECT_EQ(page64::create(pi::k_row_data_bytes + 1), nullptr);
  EXPECT_NE(page64::create(2), nullptr);
  EXPECT_NE(page64::create(pi::k_row_data_bytes), nullptr);
}

TEST(Page, IsExactly64KiBWithA16ByteFixedHeader) {
  EXPECT_EQ(sizeof(page64), pi::k_page_bytes);
  EXPECT_EQ(sizeof(pi::fixed_header<pi::fixed_bit_set<std::uint64_t>>), 16u);
}

TEST(Page, CapacityAndBitsetLengthFollowTheRowSize) {
  EXPECT_EQ(page64::create(8)->capacity_rows(), 8184u);
  EXPECT_EQ(page64::create(8)->present_rows().block_count(), 128u);
  EXPECT_EQ(page64::create(32)->capacity_rows(), 2046u);
  EXPECT_EQ(page64::create(32)->present_rows().block_count(), 32u);
  EXPECT_EQ(page64::create(256)->capacity_rows(), 255u);
  EXPECT_EQ(page64::create(256)->bitset_bits(), 256u);
  EXPECT_EQ(page64::create(256)->present_rows().block_count(), 4u);
}

TEST(Page, FillingWithU64ValuesStores8184RowsInOrder) {
  auto p = page64::create(8);
  for (std::uint64_t v = 0;; ++v) {
    if (!p->insert(row_of(v))) break;
  }
  EXPECT_EQ(p->num_rows(), 8184u);
  EXPECT_EQ(p->last(), pi::k_row_data_bytes);
  const auto offsets = offsets_of(*p);
  ASSERT_EQ(offsets.size(), 8184u);
  for (std::size_t i = 0; i < offsets.size(); ++i) {
    EXPECT_EQ(offsets[i], i * 8);
    EXPECT_EQ(value_at(*p, offsets[i]), i);
  }
}

TEST(Page, DeletingOddValuesLeavesOnlyTheEvens) {
  auto p = page64::create(8);
  std::vector<pi::page_offset> placed;
  for (std::uint64_t v = 0; v < 8184; ++v) placed.push_back(*p->insert(row_of(v)));
  for (std::uint64_t v = 1; v < 8184; v += 2) ASSERT_TRUE(p->remove(placed[v]));
  const auto offsets = offsets_of(*p);
  ASSERT_EQ(offsets.size(), 4092u);
  for (const auto off : offsets) EXPECT_EQ(value_at(*p, off) % 2, 0u);
  EXPECT_EQ(p->num_rows(), 4092u);
}

TEST(Page, AFreedSlotIsReusedWithoutMovingLast) {
  auto p = page64::create(32);
  std::vector<std::byte> row(32, std::byte{1});
  const auto a = *p->insert(row);
  const auto b = *p->insert(row);
  const auto last = p->last();
  ASSERT_TRUE(p->remove(a));
  EXPECT_EQ(p->last(), last);
  EXPECT_EQ(*p->insert(row), a);
  EXPECT_EQ(p->last(), last);
  EXPECT_NE(a, b);
}

TEST(Page, RemovingAnAbsentOrMisalignedRowIsRefused) {
  auto p = page64::create(16);
  std::vector<std::byte> row(16, std::byte{2});
  const auto a = *p->insert(row);
  EXPECT_FALSE(p->remove(static_cast<pi::page_offset>(a + 1)));
  EXPECT_FALSE(p->remove(static_cast<pi::page_offset>(a + 16)));
  EXPECT_TRUE(p->remove(a));
  EXPECT_FALSE(p->remove(a));
  EXPECT_EQ(p->num_rows(), 0u);
}

TEST(Page, InsertRefusesARowOfTheWrongSize) {
  auto p = page64::create(16);
  EXPECT_FALSE(p->insert(std::vector<std::byte>(15)).has_value());
  EXPECT_EQ(p->num_rows(), 0u);
}

TEST(Page, FullBlockAndSeedIterationsAgreeOnMixedBlocks) {
  auto p = page64::create(8);
  std::vector<pi::page_offset> placed;
  for (int i = 0; i < 8184; ++i) placed.push_back(*p->insert(std::vector<std::byte>(8)));
  // Blocks 0-1 full, block 2 half, the rest sparse.
  for (std::size_t i = 160; i < placed.size(); ++i) {
    if (i % 7 != 0) p->remove(placed[i]);
  }
  std::vector<pi::page_offset> seed;
  pi::for_each_row_seed(*p, [&](pi::page_offset off) { seed.push_back(off); });
  EXPECT_EQ(offsets_of(*p), seed);
  EXPECT_EQ(seed.size(), p->num_rows());
}

}  // namespace
