#pragma once
// The page_iter workload (harness/cases/page_iter/SPEC.md, "Workload"): fill a fresh page
// with rows of 0xa5 bytes until no row fits, then keep each row, in
// ascending order, with probability `density` (fixed-seed PRNG) and delete
// the rest. The pattern is random, not strided; `last` stays at the full mark.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "cores/page_iter/page.hpp"
#include "benchgate/rng.hpp"

namespace benchgate::cases::page_iter {

inline constexpr std::uint64_t k_workload_seed = 0xa5a5a5a5a5a5a5a5ULL;
inline constexpr std::byte k_row_fill{0xa5};

// The page for (row_bytes, density), any bitset type; the same pattern for
// every type and seed. Precondition: row_bytes is a valid row size.
template <class Page>
std::unique_ptr<Page> make_page(std::size_t row_bytes, double density, std::uint64_t seed = k_workload_seed) {
  auto page = Page::create(row_bytes);
  const std::vector<std::byte> row(row_bytes, k_row_fill);
  std::vector<cores::page_iter::page_offset> offsets;
  while (const auto offset = page->insert(row)) offsets.push_back(*offset);
  benchgate::splitmix64 rng(seed);
  for (const auto offset : offsets) {
    if (!(rng.uniform01() < density)) page->remove(offset);
  }
  return page;
}

// `count` pages for (row_bytes, density), page k drawn with seed
// k_workload_seed + k (page 0 is the spec's page). Several pages, iterated
// in turn, keep a branch predictor from learning one page's pattern.
template <class Page>
std::vector<std::unique_ptr<Page>> make_pages(std::size_t row_bytes, double density, std::size_t count) {
  std::vector<std::unique_ptr<Page>> pages;
  pages.reserve(count);
  for (std::size_t k = 0; k < count; ++k) pages.push_back(make_page<Page>(row_bytes, density, k_workload_seed + k));
  return pages;
}

// The offsets a page iteration yields, in order.
template <class Page, class Iterate>
std::vector<cores::page_iter::page_offset> collect_offsets(const Page& page, Iterate&& iterate) {
  std::vector<cores::page_iter::page_offset> out;
  iterate(page, [&](cores::page_iter::page_offset offset) { out.push_back(offset); });
  return out;
}

}  // namespace benchgate::cases::page_iter
