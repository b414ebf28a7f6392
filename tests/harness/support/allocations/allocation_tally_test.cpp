// The allocation tally on its own, fed blocks from std::malloc (this test
// replaces no allocator): each block counts with its usable size, which the
// expectations read back from the block, as the tally does.

#include "harness/support/allocations/allocation_tally.hpp"

#include <malloc.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

namespace benchgate::allocations {
namespace {

std::int64_t usable(void* block) { return static_cast<std::int64_t>(malloc_usable_size(block)); }

// A block from std::malloc, freed at the end of the scope (after the tally
// saw it freed, or never counted).
struct block {
  explicit block(std::size_t bytes) : data(std::malloc(bytes)) {}
  ~block() { std::free(data); }
  block(const block&) = delete;
  block& operator=(const block&) = delete;
  void* data;
};

TEST(AllocationTally, CountsNothingWhileNoSpanIsOpen) {
  allocation_tally tally;
  block a(100);
  tally.note_allocation(a.data);
  tally.note_free(a.data);
  EXPECT_FALSE(tally.counting());
  EXPECT_EQ(tally.read(), allocation_totals{});
  EXPECT_EQ(tally.live_bytes(), 0);
}

TEST(AllocationTally, CountsBlocksBytesAndLiveBytes) {
  allocation_tally tally;
  block a(100);
  block b(300);
  tally.open_span();
  EXPECT_TRUE(tally.counting());
  tally.note_allocation(a.data);
  tally.note_allocation(b.data);
  EXPECT_EQ(tally.live_bytes(), usable(a.data) + usable(b.data));
  tally.note_free(a.data);
  EXPECT_EQ(tally.live_bytes(), usable(b.data));
  EXPECT_TRUE(tally.close_span());
  EXPECT_FALSE(tally.counting());
  EXPECT_GE(usable(a.data), 100);
  EXPECT_GE(usable(b.data), 300);
  EXPECT_EQ(tally.read(), (allocation_totals{2, 1, usable(a.data) + usable(b.data), usable(a.data) + usable(b.data)}));
}

TEST(AllocationTally, PeakFollowsTheMostLiveAtOnceAfterAFreeAndALargerBlock) {
  allocation_tally tally;
  block first(1000);
  block smaller(200);
  block larger(3000);
  tally.open_span();
  tally.note_allocation(first.data);
  tally.note_free(first.data);
  tally.note_allocation(smaller.data);  // live: below the first block's peak
  tally.note_free(smaller.data);
  tally.note_allocation(larger.data);  // live: above it
  tally.note_free(larger.data);
  EXPECT_EQ(tally.live_bytes(), 0);
  tally.close_span();
  const auto totals = tally.read();
  EXPECT_EQ(totals.allocations, 3);
  EXPECT_EQ(totals.frees, 3);
  EXPECT_EQ(totals.bytes_allocated, usable(first.data) + usable(smaller.data) + usable(larger.data));
  EXPECT_EQ(totals.peak_bytes, usable(larger.data));
}

TEST(AllocationTally, PeakIsTheLargestOfTheSpansAndResetZeroesIt) {
  allocation_tally tally;
  block big(4000);
  block small(16);
  tally.open_span();
  tally.note_allocation(big.data);
  tally.note_free(big.data);
  tally.close_span();
  // A second span starts its live bytes from 0; its smaller peak leaves
  // the first span's.
  tally.open_span();
  EXPECT_EQ(tally.live_bytes(), 0);
  tally.note_allocation(small.data);
  tally.close_span();
  EXPECT_EQ(tally.read(), (allocation_totals{2, 1, usable(big.data) + usable(small.data), usable(big.data)}));
  tally.reset();
  EXPECT_EQ(tally.read(), allocation_totals{});
}

TEST(AllocationTally, FreeingAnOlderBlockLowersLiveBelowZeroAndNotThePeak) {
  allocation_tally tally;
  block older(5000);
  block small(16);
  tally.note_allocation(older.data);  // before any span: not counted
  tally.open_span();
  tally.note_free(older.data);
  EXPECT_EQ(tally.live_bytes(), -usable(older.data));
  tally.note_allocation(small.data);
  tally.note_free(small.data);
  tally.close_span();
  EXPECT_EQ(tally.read(), (allocation_totals{1, 2, usable(small.data), 0}));
}

// realloc's path in the preloaded library: the old block's size read while
// it is live, its free counted later; the same counts as note_free.
TEST(AllocationTally, AFreeOfAGivenSizeCountsAsTheFreeOfItsBlock) {
  allocation_tally by_block;
  allocation_tally by_size;
  block a(700);
  block b(90);
  const auto a_size = allocation_tally::usable_size(a.data);
  EXPECT_EQ(a_size, usable(a.data));
  for (auto* tally : {&by_block, &by_size}) {
    tally->open_span();
    tally->note_allocation(a.data);
    tally->note_allocation(b.data);
  }
  by_block.note_free(a.data);
  by_size.note_free_of_size(a_size);
  EXPECT_EQ(by_size.live_bytes(), usable(b.data));
  EXPECT_EQ(by_size.live_bytes(), by_block.live_bytes());
  for (auto* tally : {&by_block, &by_size}) tally->close_span();
  EXPECT_EQ(by_size.read(), (allocation_totals{2, 1, a_size + usable(b.data), a_size + usable(b.data)}));
  EXPECT_EQ(by_size.read(), by_block.read());
}

TEST(AllocationTally, AFreeOfAGivenSizeCountsNothingWhileNoSpanIsOpen) {
  allocation_tally tally;
  tally.note_free_of_size(4096);
  EXPECT_EQ(tally.read(), allocation_totals{});
  EXPECT_EQ(tally.live_bytes(), 0);
}

TEST(AllocationTally, NullIsNeitherAnAllocationNorAFree) {
  allocation_tally tally;
  tally.open_span();
  tally.note_allocation(nullptr);
  tally.note_free(nullptr);
  tally.close_span();
  EXPECT_EQ(tally.read(), allocation_totals{});
}

// The preloaded library's threads: each timed loop one span, counting
// until the last closes; the second span to open keeps the live bytes.
TEST(AllocationTally, CountsUntilTheLastOpenSpanCloses) {
  allocation_tally tally;
  block a(64);
  block b(64);
  tally.open_span();
  tally.note_allocation(a.data);
  tally.open_span();
  EXPECT_EQ(tally.live_bytes(), usable(a.data));
  EXPECT_FALSE(tally.close_span());
  EXPECT_TRUE(tally.counting());
  tally.note_allocation(b.data);
  EXPECT_TRUE(tally.close_span());
  EXPECT_FALSE(tally.counting());
  EXPECT_EQ(tally.read(), (allocation_totals{2, 0, usable(a.data) + usable(b.data), usable(a.data) + usable(b.data)}));
}

TEST(AllocationTally, TwoThreadsCountingAtOnceGiveExactTotals) {
  constexpr int k_threads = 2;
  constexpr int k_blocks_each = 10000;
  constexpr std::size_t k_block_bytes = 16;
  allocation_tally tally;
  std::atomic<bool> go{false};
  std::int64_t block_size = 0;
  {
    block probe(k_block_bytes);
    block_size = usable(probe.data);
  }
  tally.open_span();
  std::vector<std::thread> threads;
  for (int t = 0; t < k_threads; ++t) {
    threads.emplace_back([&] {
      while (!go.load()) std::this_thread::yield();
      for (int i = 0; i < k_blocks_each; ++i) {
        block b(k_block_bytes);
        tally.note_allocation(b.data);
        tally.note_free(b.data);
      }
    });
  }
  go.store(true);
  for (auto& t : threads) t.join();
  tally.close_span();
  const auto totals = tally.read();
  EXPECT_EQ(totals.allocations, k_threads * k_blocks_each);
  EXPECT_EQ(totals.frees, k_threads * k_blocks_each);
  // The allocator rounds every 16-byte request alike.
  EXPECT_EQ(totals.bytes_allocated, k_threads * k_blocks_each * block_size);
  EXPECT_EQ(tally.live_bytes(), 0);
  // One or two blocks live at once, depending on how the threads met.
  EXPECT_GE(totals.peak_bytes, block_size);
  EXPECT_LE(totals.peak_bytes, k_threads * block_size);
}

}  // namespace
}  // namespace benchgate::allocations
