// The counting allocator behind the bytes-per-version figure.

#include "harness/cases/versioned_map/counting_allocator.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <vector>

namespace {

using benchgate::cases::versioned_map::allocation_tally;
using benchgate::cases::versioned_map::counting_allocator;

TEST(CountingAllocator, CountsRequestedBytesWhileAllocated) {
  allocation_tally tally;
  {
    std::vector<std::uint64_t, counting_allocator<std::uint64_t>> v{counting_allocator<std::uint64_t>(&tally)};
    v.reserve(100);
    EXPECT_EQ(tally.live_bytes, 800U);
    EXPECT_GE(tally.live_heap_bytes, 800U + sizeof(std::size_t));
  }
  EXPECT_EQ(tally.live_bytes, 0U);
  EXPECT_EQ(tally.live_heap_bytes, 0U);
}

TEST(CountingAllocator, CountsTheNodesOfAStdMap) {
  allocation_tally tally;
  using pair = std::pair<const std::int64_t, void*>;
  std::map<std::int64_t, void*, std::less<>, counting_allocator<pair>> m{counting_allocator<pair>(&tally)};
  for (int i = 0; i < 10; ++i) m.emplace(i, nullptr);
  // libstdc++'s red-black node: 32 bytes of links and colour, then the pair.
  EXPECT_EQ(tally.live_bytes, 10 * (32 + sizeof(pair)));
}

TEST(CountingAllocator, CopiesShareTheTally) {
  allocation_tally tally;
  const counting_allocator<int> a(&tally);
  const counting_allocator<double> b(a);
  EXPECT_TRUE(a == b);
  EXPECT_EQ(b.tally(), &tally);
}

}  // namespace
