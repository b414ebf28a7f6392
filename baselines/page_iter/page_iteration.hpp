#pragma once
// The baseline's page iteration (SpacetimeDB before the PR): walk every slot
// up to the high-water mark, divide the offset by the row size and test the
// bit. O(slots) whatever the density.

#include <cstddef>

#include "baselines/page_iter/bit_vec.hpp"
#include "cores/page_iter/page.hpp"

namespace baselines::page_iter {

using page = cores::page_iter::basic_page<bit_vec>;
using cores::page_iter::page_offset;

// Calls visit(offset) for every present row, ascending.
template <class Visit>
inline void for_each_row(const page& p, Visit&& visit) {
  const std::size_t row_bytes = p.row_bytes();
  const std::size_t last = p.last();
  const bit_vec& present = p.present_rows();
  for (std::size_t off = 0; off < last; off += row_bytes) {
    const std::size_t index = off / row_bytes;  // a real division, as in the seed
    if (present.get(index).value_or(false)) visit(static_cast<page_offset>(off));
  }
}

}  // namespace baselines::page_iter
