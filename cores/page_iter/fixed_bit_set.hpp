#pragma once
// FixedBitSet: a fixed-capacity bit set in 10 bytes (SpacetimeDB PR "Use a
// custom FixedBitSet + optimize Page::iter_fixed_len").
//
// Unlike std::bitset the size is chosen at run time; unlike std::vector<bool>
// or boost::dynamic_bitset it never grows and its handle is a packed
// { u16 block count; Block* blocks } pair, so it fits in a page header.
// Capacity is a whole number of blocks (len() = blocks * bits per block).
// Out-of-range access returns a status instead of throwing.

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

namespace cores::page_iter {

template <class Block = std::uint64_t>
class __attribute__((packed)) fixed_bit_set {
  static_assert(std::is_unsigned_v<Block> && sizeof(Block) >= sizeof(std::uint32_t),
                "Block must be an unsigned integer type of 32 bits or more");

 public:
  static constexpr std::size_t bits_per_block = std::numeric_limits<Block>::digits;
  static constexpr std::size_t max_blocks = std::numeric_limits<std::uint16_t>::max();
  static constexpr std::size_t max_bits = max_blocks * bits_per_block;

  // Blocks needed for `bits` bits: ceil(bits / bits_per_block).
  static constexpr std::size_t blocks_for(std::size_t bits) {
    return (bits + bits_per_block - 1) / bits_per_block;
  }

  // A set of at least `bits` bits, all clear; nullopt when bits > max_bits
  // or the blocks cannot be allocated.
  static std::optional<fixed_bit_set> create(std::size_t bits) {
    if (bits > max_bits) return std::nullopt;
    fixed_bit_set set;
    const auto blocks = blocks_for(bits);
    if (blocks > 0) {
      set.blocks_ = static_cast<Block*>(std::calloc(blocks, sizeof(Block)));
      if (set.blocks_ == nullptr) return std::nullopt;
    }
    set.nblocks_ = static_cast<std::uint16_t>(blocks);
    return set;
  }

  // Precondition: bits <= max_bits (asserted). Use create() to check.
  explicit fixed_bit_set(std::size_t bits) {
    auto made = create(bits);
    assert(made.has_value());
    if (made) *this = std::move(*made);
  }

  fixed_bit_set() = default;
  ~fixed_bit_set() { std::free(blocks_); }
  fixed_bit_set(const fixed_bit_set& other) : nblocks_(0), blocks_(nullptr) {
    if (other.nblocks_ == 0) return;
    Block* copy = static_cast<Block*>(std::malloc(other.nblocks_ * sizeof(Block)));
    assert(copy != nullptr);
    std::memcpy(copy, other.blocks_, other.nblocks_ * sizeof(Block));
    blocks_ = copy;
    nblocks_ = other.nblocks_;
  }
  // Packed fields cannot bind to references (std::exchange): copy by value.
  fixed_bit_set(fixed_bit_set&& other) noexcept : nblocks_(other.nblocks_), blocks_(other.blocks_) {
    other.nblocks_ = 0;
    other.blocks_ = nullptr;
  }
  fixed_bit_set& operator=(fixed_bit_set other) noexcept {
    const auto blocks = other.blocks_;
    const auto n = other.nblocks_;
    other.blocks_ = blocks_;
    other.nblocks_ = nblocks_;
    blocks_ = blocks;
    nblocks_ = n;
    return *this;
  }

  // Capacity in bits (a multiple of bits_per_block).
  std::size_t len() const { return std::size_t{nblocks_} * bits_per_block; }
  std::size_t block_count() const { return nblocks_; }
  std::span<const Block> blocks() const { return {blocks_, nblocks_}; }
  // Heap bytes held by the blocks.
  std::size_t heap_bytes() const { return std::size_t{nblocks_} * sizeof(Block); }

  // Bit i; nullopt when i >= len().
  std::optional<bool> get(std::size_t i) const {
    const auto block = i / bits_per_block;
    if (block >= nblocks_) return std::nullopt;
    return (blocks_[block] & mask(i)) != 0;
  }

  // Sets bit i to `value`; false (and no change) when i >= len().
  bool set(std::size_t i, bool value = true) {
    const auto block = i / bits_per_block;
    if (block >= nblocks_) return false;
    if (value) {
      blocks_[block] |= mask(i);
    } else {
      blocks_[block] &= static_cast<Block>(~mask(i));
    }
    return true;
  }

  bool reset(std::size_t i) { return set(i, false); }

  // Clears every bit.
  void clear() {
    if (nblocks_ > 0) std::memset(blocks_, 0, std::size_t{nblocks_} * sizeof(Block));
  }

  std::size_t count() const {
    std::size_t n = 0;
    for (std::size_t b = 0; b < nblocks_; ++b) n += static_cast<std::size_t>(std::popcount(blocks_[b]));
    return n;
  }

  // Iterates the indices of set bits in ascending order, one trailing-zeros
  // step each: O(blocks + set bits).
  class set_bits {
   public:
    class iterator {
     public:
      using iterator_category = std::input_iterator_tag;
      using value_type = std::size_t;
      using difference_type = std::ptrdiff_t;
      using pointer = void;
      using reference = std::size_t;

      iterator() = default;
      std::size_t operator*() const {
        return block_ * bits_per_block + static_cast<std::size_t>(std::countr_zero(current_));
      }
      iterator& operator++() {
        current_ &= current_ - 1;
        skip_empty();
        return *this;
      }
      iterator operator++(int) {
        auto before = *this;
        ++*this;
        return before;
      }
      friend bool operator==(const iterator& a, const iterator& b) {
        return a.block_ == b.block_ && a.current_ == b.current_;
      }

     private:
      friend class set_bits;
      iterator(const Block* blocks, std::size_t nblocks, std::size_t block, Block current)
          : blocks_(blocks), nblocks_(nblocks), block_(block), current_(current) {
        skip_empty();
      }
      void skip_empty() {
        while (current_ == 0 && block_ < nblocks_) {
          ++block_;
          current_ = block_ < nblocks_ ? blocks_[block_] : Block{0};
        }
      }
      const Block* blocks_ = nullptr;
      std::size_t nblocks_ = 0;
      std::size_t block_ = 0;   // == nblocks_ at the end
      Block current_ = 0;       // bits of blocks_[block_] not yet visited
    };

    iterator begin() const { return begin_; }
    iterator end() const { return iterator(nullptr, nblocks_, nblocks_, 0); }

   private:
    friend class fixed_bit_set;
    set_bits(const Block* blocks, std::size_t nblocks, std::size_t start)
        : nblocks_(nblocks),
          begin_(start >= nblocks * bits_per_block
                     ? iterator(nullptr, nblocks, nblocks, 0)
                     : iterator(blocks, nblocks, start / bits_per_block,
                                static_cast<Block>(blocks[start / bits_per_block] &
                                                   (~Block{0} << (start % bits_per_block))))) {}
    std::size_t nblocks_;
    iterator begin_;
  };

  // Set bits from index 0.
  set_bits iter_set() const { return set_bits(blocks_, nblocks_, 0); }

  // Set bits with index >= start. start == len() gives an empty range;
  // start > len() is an error (nullopt).
  std::optional<set_bits> iter_set_from(std::size_t start) const {
    if (start > len()) return std::nullopt;
    return set_bits(blocks_, nblocks_, start);
  }

 private:
  static Block mask(std::size_t i) { return static_cast<Block>(Block{1} << (i % bits_per_block)); }

  std::uint16_t nblocks_ = 0;
  Block* blocks_ = nullptr;
};

static_assert(sizeof(fixed_bit_set<std::uint64_t>) == 10, "the seed's 10-byte handle");
static_assert(sizeof(fixed_bit_set<std::uint32_t>) == 10, "the seed's 10-byte handle");

}  // namespace cores::page_iter
