#pragma once
// bit-vec: the bitset SpacetimeDB used before the PR (the Rust bit-vec
// crate): a growable vector of u32 words plus a bit count, 32 bytes of
// handle. get() checks the bound on every call.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace baselines::page_iter {

class bit_vec {
 public:
  bit_vec() = default;
  // `bits` bits, all clear.
  explicit bit_vec(std::size_t bits) : words_((bits + k_bits_per_word - 1) / k_bits_per_word), nbits_(bits) {}

  std::size_t len() const { return nbits_; }
  // Heap bytes held by the words.
  std::size_t heap_bytes() const { return words_.capacity() * sizeof(std::uint32_t); }

  // Bit i; nullopt when i >= len().
  std::optional<bool> get(std::size_t i) const {
    if (i >= nbits_) return std::nullopt;
    return (words_[i / k_bits_per_word] >> (i % k_bits_per_word) & 1u) != 0;
  }

  // Sets bit i; false (and no change) when i >= len().
  bool set(std::size_t i, bool value = true) {
    if (i >= nbits_) return false;
    const std::uint32_t mask = 1u << (i % k_bits_per_word);
    auto& word = words_[i / k_bits_per_word];
    word = value ? (word | mask) : (word & ~mask);
    return true;
  }

  std::size_t count() const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < nbits_; ++i) n += get(i).value_or(false);
    return n;
  }

 private:
  static constexpr std::size_t k_bits_per_word = 32;
  std::vector<std::uint32_t> words_;
  std::size_t nbits_ = 0;
};

}  // namespace baselines::page_iter
