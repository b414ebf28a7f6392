#pragma once
// The key and value types of the `extreme` workload: short byte strings
// stored inline (the workload's keys have at most 10 bytes, 11 with
// keyAfter's extra zero byte), so a treap node needs no second allocation.
// FDB uses arena-backed StringRefs; inline bytes keep this case independent
// of an arena allocator.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace benchgate::cases::versioned_map {

class short_key {
 public:
  static constexpr std::size_t k_capacity_bytes = 15;

  short_key() = default;
  // The first k_capacity_bytes bytes of `text` (the workload never has more).
  explicit short_key(std::string_view text) {
    size_ = static_cast<std::uint8_t>(text.size() < k_capacity_bytes ? text.size() : k_capacity_bytes);
    std::memcpy(bytes_.data(), text.data(), size_);
  }

  std::string_view view() const { return {bytes_.data(), size_}; }
  std::size_t size() const { return size_; }

  // FDB's keyAfter: the key followed by a zero byte, the smallest key
  // greater than this one. A full key is returned unchanged (never happens
  // in the workload: keys have at most 11 bytes).
  short_key after() const {
    short_key next = *this;
    if (size_ < k_capacity_bytes) next.bytes_[next.size_++] = '\0';
    return next;
  }

  // Byte-wise order (std::char_traits<char> compares like memcmp).
  friend bool operator<(const short_key& a, const short_key& b) { return a.view() < b.view(); }
  friend bool operator==(const short_key& a, const short_key& b) { return a.view() == b.view(); }

 private:
  std::array<char, k_capacity_bytes> bytes_{};
  std::uint8_t size_ = 0;
};

// What the storage server keeps per key (FDB's ValueOrClearToRef): a value,
// or a clear marker meaning every key from this one up to `bytes` is clear.
struct value_or_clear {
  short_key bytes;        // the value, or the end of the cleared range
  bool is_clear = false;

  friend bool operator==(const value_or_clear&, const value_or_clear&) = default;
};

}  // namespace benchgate::cases::versioned_map
