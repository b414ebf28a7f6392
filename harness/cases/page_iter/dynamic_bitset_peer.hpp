#pragma once
// The peer: what a C++ user would pick instead of writing a FixedBitSet,
// boost::dynamic_bitset<std::uint64_t> iterated with find_first/find_next,
// in the same page.

#include <boost/dynamic_bitset.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

#include "cores/page_iter/page.hpp"

namespace benchgate::cases::page_iter {

// boost::dynamic_bitset with the page's bitset interface.
class dynamic_bitset_rows {
 public:
  dynamic_bitset_rows() = default;
  explicit dynamic_bitset_rows(std::size_t bits) : bits_(bits) {}

  std::optional<bool> get(std::size_t i) const {
    if (i >= bits_.size()) return std::nullopt;
    return bits_.test(i);
  }
  bool set(std::size_t i, bool value = true) {
    if (i >= bits_.size()) return false;
    bits_.set(i, value);
    return true;
  }
  std::size_t count() const { return bits_.count(); }
  std::size_t heap_bytes() const { return bits_.num_blocks() * sizeof(std::uint64_t); }
  const boost::dynamic_bitset<std::uint64_t>& bits() const { return bits_; }

 private:
  boost::dynamic_bitset<std::uint64_t> bits_;
};

using peer_page = cores::page_iter::basic_page<dynamic_bitset_rows>;

// Calls visit(offset) for every present row, ascending.
template <class Visit>
inline void for_each_row(const peer_page& p, Visit&& visit) {
  const auto& bits = p.present_rows().bits();
  const std::size_t row_bytes = p.row_bytes();
  for (auto i = bits.find_first(); i != boost::dynamic_bitset<std::uint64_t>::npos; i = bits.find_next(i)) {
    visit(static_cast<cores::page_iter::page_offset>(i * row_bytes));
  }
}

}  // namespace benchgate::cases::page_iter
