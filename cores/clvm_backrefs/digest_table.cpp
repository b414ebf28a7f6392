#include "cores/clvm_backrefs/digest_table.hpp"

#include <algorithm>
#include <bit>

namespace cores::clvm_backrefs {

digest_table::digest_table(std::uint64_t salt, std::size_t expected) : salt_(salt) { reset(salt, expected); }

void digest_table::reset(std::uint64_t salt, std::size_t expected) {
  salt_ = salt;
  keys_.clear();
  keys_.reserve(expected);
  rebuild(std::max({k_min_capacity, slots_.size(), std::bit_ceil(expected * k_max_load_divisor + 1)}));
}

std::uint32_t digest_table::intern(const digest& key) {
  const std::uint32_t tag = tag_of(key);
  std::size_t slot = home_slot(key);
  for (;; slot = (slot + 1) & mask_) {
    const entry e = slots_[slot];
    if (e.id_plus_one == 0) break;
    if (e.tag == tag && keys_[e.id_plus_one - 1] == key) return e.id_plus_one - 1;
  }
  const auto id = static_cast<std::uint32_t>(keys_.size());
  keys_.push_back(key);
  if ((keys_.size()) * k_max_load_divisor > slots_.size()) {
    rebuild(slots_.size() * 2);  // re-places every id, the new one included
  } else {
    slots_[slot] = {id + 1, tag};
  }
  return id;
}

void digest_table::rebuild(std::size_t capacity) {
  slots_.assign(capacity, entry{0, 0});
  mask_ = capacity - 1;
  shift_ = k_bits_per_u64 - static_cast<unsigned>(std::countr_zero(capacity));
  for (std::uint32_t id = 0; id < keys_.size(); ++id) place(id);
}

void digest_table::place(std::uint32_t id) {
  std::size_t slot = home_slot(keys_[id]);
  while (slots_[slot].id_plus_one != 0) slot = (slot + 1) & mask_;
  slots_[slot] = {id + 1, tag_of(keys_[id])};
}

std::size_t digest_table::longest_probe() const {
  std::size_t longest = 0;
  for (std::size_t slot = 0; slot < slots_.size(); ++slot) {
    if (slots_[slot].id_plus_one == 0) continue;
    const std::size_t home = home_slot(keys_[slots_[slot].id_plus_one - 1]);
    longest = std::max(longest, ((slot - home) & mask_) + 1);
  }
  return longest;
}

}  // namespace cores::clvm_backrefs
