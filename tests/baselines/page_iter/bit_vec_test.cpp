#include "baselines/page_iter/bit_vec.hpp"

#include <gtest/gtest.h>

#include "baselines/page_iter/page_iteration.hpp"

namespace {

using baselines::page_iter::bit_vec;

TEST(BitVec, HandleIs32BytesAndThePageHeader40) {
  EXPECT_EQ(sizeof(bit_vec), 32u);
  EXPECT_EQ(sizeof(cores::page_iter::fixed_header<bit_vec>), 40u);
}

TEST(BitVec, GetChecksTheBoundOnEveryCall) {
  bit_vec v(33);
  EXPECT_EQ(v.len(), 33u);
  EXPECT_EQ(v.get(32), std::optional<bool>(false));
  EXPECT_EQ(v.get(33), std::nullopt);
  EXPECT_FALSE(v.set(33));
  EXPECT_TRUE(v.set(32));
  EXPECT_EQ(v.get(32), std::optional<bool>(true));
  EXPECT_EQ(v.count(), 1u);
  EXPECT_TRUE(v.set(32, false));
  EXPECT_EQ(v.count(), 0u);
}

TEST(BitVec, PageIterationVisitsPresentSlotsInOrder) {
  auto p = baselines::page_iter::page::create(256);
  std::vector<cores::page_iter::page_offset> placed;
  while (const auto off = p->insert(std::vector<std::byte>(256))) placed.push_back(*off);
  ASSERT_EQ(placed.size(), 255u);
  for (std::size_t i = 0; i < placed.size(); i += 2) p->remove(placed[i]);
  std::vector<cores::page_iter::page_offset> seen;
  baselines::page_iter::for_each_row(*p, [&](auto off) { seen.push_back(off); });
  ASSERT_EQ(seen.size(), 127u);
  for (std::size_t k = 0; k < seen.size(); ++k) EXPECT_EQ(seen[k], (2 * k + 1) * 256);
}

}  // namespace
