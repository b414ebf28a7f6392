#pragma once
// A hash map keyed by 32-byte digests in the manner of Rust's default
// HashMap<Bytes32, V>, which the baseline models: hashbrown's SwissTable
// layout (open addressing; a control byte per slot holding 7 bits of the
// hash, so most mismatches never touch the key; starts empty, doubles past
// 7/8 full), hashed with SipHash-1-3 under a per-map 128-bit key (Rust's
// RandomState). Probing is linear, one slot at a time, where hashbrown
// scans 16 control bytes per SIMD step.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "cores/clvm_backrefs/sha256.hpp"

namespace baselines::clvm_backrefs {

using cores::clvm_backrefs::digest;

// A SipHash-1-3 key (Aumasson and Bernstein, "SipHash: a fast short-input
// PRF", 2012; the 1-3 variant is Rust's std default).
struct sip_key {
  std::uint64_t k0 = 0;
  std::uint64_t k1 = 0;
};

// SipHash-1-3 of the digest's 32 bytes (highwayhash::SipHash13).
std::uint64_t sip_hash(const sip_key& key, const digest& d);

// The value type of a set.
struct no_value {};

template <class Value>
class sip_digest_map {
 public:
  explicit sip_digest_map(sip_key key) : key_(key) {}

  // The value of `key`, or nullptr.
  Value* find(const digest& key) {
    if (slots_.empty()) return nullptr;
    const std::uint64_t h = sip_hash(key_, key);
    const std::uint8_t tag = tag_of(h);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      if (control_[i] == k_empty) return nullptr;
      if (control_[i] == tag && slots_[i].first == key) return &slots_[i].second;
    }
  }
  const Value* find(const digest& key) const { return const_cast<sip_digest_map*>(this)->find(key); }
  bool contains(const digest& key) const { return find(key) != nullptr; }

  // The value of `key`, inserted as Value{} when absent. References stay
  // valid until the next insertion.
  Value& operator[](const digest& key) {
    if (Value* found = find(key)) return *found;
    return insert_new(key);
  }
  // Adds `key` (as Value{}); false when it was there already.
  bool insert(const digest& key) {
    if (find(key) != nullptr) return false;
    insert_new(key);
    return true;
  }

  std::size_t size() const { return size_; }

 private:
  static constexpr std::uint8_t k_empty = 0;
  static constexpr std::uint8_t k_full_bit = 0x80;
  static constexpr unsigned k_tag_shift = 57;               // the top 7 bits
  static constexpr std::size_t k_first_capacity = 4;        // hashbrown: 4 buckets hold 3
  static constexpr std::size_t k_load_numerator = 7;        // grow past 7/8 full
  static constexpr std::size_t k_load_denominator = 8;

  static std::uint8_t tag_of(std::uint64_t h) { return static_cast<std::uint8_t>(k_full_bit | (h >> k_tag_shift)); }

  bool full_after_insert() const {
    const std::size_t capacity = slots_.size();
    if (capacity <= k_first_capacity) return size_ + 1 >= capacity;
    return (size_ + 1) * k_load_denominator > capacity * k_load_numerator;
  }

  Value& insert_new(const digest& key) {
    if (slots_.empty() || full_after_insert()) grow();
    ++size_;
    return place(key, Value{});
  }

  Value& place(const digest& key, Value value) {
    const std::uint64_t h = sip_hash(key_, key);
    std::size_t i = h & mask_;
    while (control_[i] != k_empty) i = (i + 1) & mask_;
    control_[i] = tag_of(h);
    slots_[i] = {key, std::move(value)};
    return slots_[i].second;
  }

  void grow() {
    std::vector<std::pair<digest, Value>> old_slots(slots_.empty() ? k_first_capacity : 2 * slots_.size());
    std::vector<std::uint8_t> old_control(old_slots.size(), k_empty);
    old_slots.swap(slots_);
    old_control.swap(control_);
    mask_ = slots_.size() - 1;
    for (std::size_t i = 0; i < old_slots.size(); ++i) {
      if (old_control[i] != k_empty) place(old_slots[i].first, std::move(old_slots[i].second));
    }
  }

  sip_key key_;
  std::vector<std::pair<digest, Value>> slots_;
  std::vector<std::uint8_t> control_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace baselines::clvm_backrefs
