#pragma once
// A 64 KiB page of fixed-size rows, as in SpacetimeDB's table crate
// (harness/cases/page_iter/SPEC.md, "Page layout"). The page is generic over the bitset
// that marks present rows; the core (FixedBitSet), the baseline (bit-vec) and
// the peer (boost::dynamic_bitset) differ only in that bitset and in how they
// iterate it, so they share this type.
//
// A Bitset provides: a constructor from a bit count, std::optional<bool>
// get(i) const, bool set(i, value) (false when out of range), count().

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>

namespace cores::page_iter {

inline constexpr std::size_t k_page_bytes = 65536;
inline constexpr std::size_t k_page_header_bytes = 64;
inline constexpr std::size_t k_row_data_bytes = k_page_bytes - k_page_header_bytes;  // 65472
// The free-list link is a u16 written into the first bytes of a freed row.
inline constexpr std::size_t k_min_row_bytes = sizeof(std::uint16_t);
inline constexpr std::size_t k_max_row_bytes = k_row_data_bytes;

using page_offset = std::uint16_t;
// next_free when the free list is empty.
inline constexpr page_offset k_free_list_end = static_cast<page_offset>(k_row_data_bytes);

// The fixed-length part of the page header (the seed's FixedHeader).
template <class Bitset>
struct fixed_header {
  page_offset next_free = k_free_list_end;  // head of the free list
  page_offset last = 0;                     // one past the highest row ever allocated
  std::uint16_t num_rows = 0;
  Bitset present_rows;                      // bit i: row at offset i * row size
};

template <class Bitset>
class basic_page {
 public:
  // A fresh page for rows of `row_bytes`; nullptr when row_bytes is outside
  // [k_min_row_bytes, k_max_row_bytes].
  static std::unique_ptr<basic_page> create(std::size_t row_bytes) {
    if (row_bytes < k_min_row_bytes || row_bytes > k_max_row_bytes) return nullptr;
    return std::unique_ptr<basic_page>(new basic_page(row_bytes));
  }

  std::size_t row_bytes() const { return header_.row_bytes; }
  // Rows that fit: floor(65472 / row size).
  std::size_t capacity_rows() const { return k_row_data_bytes / row_bytes(); }
  // Bits in the bitset: ceil(65472 / row size).
  std::size_t bitset_bits() const { return (k_row_data_bytes + row_bytes() - 1) / row_bytes(); }

  const fixed_header<Bitset>& header() const { return header_.fixed; }
  std::uint16_t num_rows() const { return header_.fixed.num_rows; }
  page_offset last() const { return header_.fixed.last; }
  const Bitset& present_rows() const { return header_.fixed.present_rows; }
  const std::byte* row_data() const { return row_data_; }

  // Stores a row (row_bytes() bytes) in a free slot: the free list first,
  // else at the high-water mark. nullopt when the page is full or the row
  // has the wrong size.
  std::optional<page_offset> insert(std::span<const std::byte> row) {
    if (row.size() != row_bytes()) return std::nullopt;
    auto& fixed = header_.fixed;
    page_offset offset;
    if (fixed.next_free != k_free_list_end) {
      offset = fixed.next_free;
      std::memcpy(&fixed.next_free, row_data_ + offset, sizeof(page_offset));
    } else if (std::size_t{fixed.last} + row_bytes() <= k_row_data_bytes) {
      offset = fixed.last;
      fixed.last = static_cast<page_offset>(fixed.last + row_bytes());
    } else {
      return std::nullopt;
    }
    std::memcpy(row_data_ + offset, row.data(), row.size());
    [[maybe_unused]] const bool in_range = fixed.present_rows.set(offset / row_bytes(), true);
    assert(in_range);
    ++fixed.num_rows;
    return offset;
  }

  // Frees the row at `offset`: links it into the free list and clears its
  // bit. false when no row is present there.
  bool remove(page_offset offset) {
    if (!contains(offset)) return false;
    auto& fixed = header_.fixed;
    std::memcpy(row_data_ + offset, &fixed.next_free, sizeof(page_offset));
    fixed.next_free = offset;
    fixed.present_rows.set(offset / row_bytes(), false);
    --fixed.num_rows;
    return true;
  }

  // Whether a row is present at `offset` (a multiple of the row size below
  // the high-water mark whose bit is set).
  bool contains(page_offset offset) const {
    if (offset % row_bytes() != 0 || offset >= header_.fixed.last) return false;
    return header_.fixed.present_rows.get(offset / row_bytes()).value_or(false);
  }

 private:
  explicit basic_page(std::size_t row_bytes) {
    header_.row_bytes = static_cast<std::uint16_t>(row_bytes);
    header_.fixed.present_rows = Bitset(bitset_bits());
  }

  // The 64-byte header: the fixed header, then (a C++ convenience in the
  // space SpacetimeDB uses for its var-len header) the row size.
  struct alignas(k_page_header_bytes) page_header {
    fixed_header<Bitset> fixed;
    std::uint16_t row_bytes = 0;
  };
  static_assert(sizeof(page_header) == k_page_header_bytes, "the header fits in 64 bytes");

  page_header header_;
  std::byte row_data_[k_row_data_bytes];
};

}  // namespace cores::page_iter
