#pragma once
// An open-addressing hash table that numbers SHA-256 digests: each distinct
// digest gets a dense id 0, 1, 2, ... in insertion order, so per-digest data
// can live in plain vectors indexed by id.
//
// Placement uses only the digest's first 8 bytes (digests are already
// uniform; the seed's IdentityHash takes them as they are instead of running
// SipHash over all 32), XORed with a per-table salt and passed through
// SplitMix64's finalizer, whose every output bit depends on every input bit.
// With the XOR alone, digests crafted to share their low bits would share a
// bucket whatever the salt. Ids do not depend on the salt.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "cores/clvm_backrefs/sha256.hpp"

namespace cores::clvm_backrefs {

class digest_table {
 public:
  static constexpr std::uint32_t k_absent = UINT32_MAX;

  // An empty table with room for `expected` digests before it grows.
  digest_table(std::uint64_t salt, std::size_t expected);

  // Empties the table and sets a new salt, keeping its memory when it has
  // room for `expected` digests.
  void reset(std::uint64_t salt, std::size_t expected);

  // The id of `key`, or k_absent.
  std::uint32_t find(const digest& key) const {
    const std::uint32_t tag = tag_of(key);
    for (std::size_t slot = home_slot(key);; slot = (slot + 1) & mask_) {
      const entry e = slots_[slot];
      if (e.id_plus_one == 0) return k_absent;
      if (e.tag == tag && keys_[e.id_plus_one - 1] == key) return e.id_plus_one - 1;
    }
  }

  // The id of `key`, adding it (as id size()) when absent.
  std::uint32_t intern(const digest& key);

  // The digest of `id`. Precondition: id < size(). The reference is
  // invalidated by intern().
  const digest& key(std::uint32_t id) const { return keys_[id]; }
  std::size_t size() const { return keys_.size(); }

  // Slots in the table (a power of two, at least twice size()).
  std::size_t capacity() const { return slots_.size(); }
  // The first slot probed for `key`.
  std::size_t home_slot(const digest& key) const {
    std::uint64_t head;
    std::memcpy(&head, key.data(), sizeof head);
    return static_cast<std::size_t>(mix(head ^ salt_) >> shift_);
  }
  // The longest probe sequence of any stored digest (1 = found at home).
  std::size_t longest_probe() const;

 private:
  static constexpr std::size_t k_min_capacity = 16;
  static constexpr std::size_t k_max_load_divisor = 2;  // grow beyond half full
  static constexpr unsigned k_bits_per_u64 = 64;

  struct entry {
    std::uint32_t id_plus_one;  // 0: empty
    std::uint32_t tag;          // digest bytes 8-11: most mismatches end here
  };

  // SplitMix64's output function (Steele, Lea, Flood, "Fast splittable
  // pseudorandom number generators", OOPSLA 2014).
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  static std::uint32_t tag_of(const digest& key) {
    std::uint32_t tag;
    std::memcpy(&tag, key.data() + sizeof(std::uint64_t), sizeof tag);
    return tag;
  }
  void rebuild(std::size_t capacity);
  void place(std::uint32_t id);

  std::uint64_t salt_;
  std::vector<entry> slots_;
  std::vector<digest> keys_;
  std::size_t mask_ = 0;
  unsigned shift_ = 0;
};

}  // namespace cores::clvm_backrefs
