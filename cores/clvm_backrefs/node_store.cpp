#include "cores/clvm_backrefs/node_store.hpp"

#include <limits>

namespace cores::clvm_backrefs {

namespace {
// Atom offsets and lengths are u32 (as in clvm_rs), so the arena holds at
// most 4 GiB.
constexpr std::size_t k_max_arena_bytes = std::numeric_limits<std::uint32_t>::max();
}  // namespace

node_store::node_store() { atoms_.push_back({0, 0}); }

std::optional<node_ref> node_store::new_atom(std::span<const std::uint8_t> bytes) {
  if (bytes.empty()) return nil();
  if (atoms_.size() > node_ref::k_max_index) return std::nullopt;
  if (bytes.size() > k_max_arena_bytes - bytes_.size()) return std::nullopt;
  const auto start = static_cast<std::uint32_t>(bytes_.size());
  bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
  atoms_.push_back({start, static_cast<std::uint32_t>(bytes.size())});
  return node_ref::atom_at(static_cast<std::uint32_t>(atoms_.size() - 1));
}

std::optional<node_ref> node_store::new_pair(node_ref left, node_ref right) {
  if (pairs_.size() > node_ref::k_max_index) return std::nullopt;
  pairs_.push_back({left, right});
  return node_ref::pair_at(static_cast<std::uint32_t>(pairs_.size() - 1));
}

void node_store::reserve(std::size_t atoms, std::size_t pairs, std::size_t bytes) {
  atoms_.reserve(atoms_.size() + atoms);
  pairs_.reserve(pairs_.size() + pairs);
  bytes_.reserve(bytes_.size() + bytes);
}

}  // namespace cores::clvm_backrefs
