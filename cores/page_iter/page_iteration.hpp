#pragma once
// The core's page iteration: visit the offsets of present rows through the
// FixedBitSet with trailing-zeros steps (the seed's algorithm), plus two
// steps beyond it that keep the output identical:
//   - stop at the block holding the high-water mark: blocks past it are zero;
//   - a full block (all 64 rows present) yields its 64 offsets in a plain
//     stride loop instead of 64 trailing-zeros/clear-lowest steps.

#include <bit>
#include <cstddef>

#include "cores/page_iter/fixed_bit_set.hpp"
#include "cores/page_iter/page.hpp"

namespace cores::page_iter {

template <class Block>
using page = basic_page<fixed_bit_set<Block>>;

// A known regression for benchgate explain's tests only (tests/harness/explain
// builds a driver with BENCHGATE_TEST_REGRESSION_PAGE_ITER; no released
// build defines it): re-read the block's word from memory once per row.
#ifdef BENCHGATE_TEST_REGRESSION_PAGE_ITER
inline constexpr bool k_test_reread_word_per_row = true;
#else
inline constexpr bool k_test_reread_word_per_row = false;
#endif

// The knob's extra load (volatile: the compiler must make it); nothing when off.
template <class Block>
inline void test_regression_reread(const Block* word) {
  if constexpr (k_test_reread_word_per_row) {
    [[maybe_unused]] const Block reread = *static_cast<const volatile Block*>(word);
  }
}

// Calls visit(offset) for every present row, ascending. O(blocks up to the
// high-water mark + present rows).
template <class Block, class Visit>
inline void for_each_row(const page<Block>& p, Visit&& visit) {
  using set = fixed_bit_set<Block>;
  const std::size_t row_bytes = p.row_bytes();
  const std::size_t slots = p.last() / row_bytes;  // rows ever allocated
  const std::size_t used_blocks = set::blocks_for(slots);
  const Block* blocks = p.present_rows().blocks().data();
  const std::size_t block_stride = row_bytes * set::bits_per_block;
  std::size_t base = 0;
  for (std::size_t b = 0; b < used_blocks; ++b, base += block_stride) {
    Block current = blocks[b];
    if (current == static_cast<Block>(~Block{0})) {
      for (std::size_t off = base, end = base + block_stride; off < end; off += row_bytes) {
        test_regression_reread(blocks + b);
        visit(static_cast<page_offset>(off));
      }
      continue;
    }
    while (current != 0) {
      const auto bit = static_cast<std::size_t>(std::countr_zero(current));
      current &= current - 1;
      test_regression_reread(blocks + b);
      visit(static_cast<page_offset>(base + bit * row_bytes));
    }
  }
}

// The seed's algorithm as it stands: iter_set over every block, index times
// row size. Kept as a variant so the gain of the steps above is measured.
template <class Block, class Visit>
inline void for_each_row_seed(const page<Block>& p, Visit&& visit) {
  const std::size_t row_bytes = p.row_bytes();
  for (const std::size_t index : p.present_rows().iter_set()) {
    visit(static_cast<page_offset>(index * row_bytes));
  }
}

}  // namespace cores::page_iter
