#pragma once
// The CLVM node store: an arena of atoms and pairs, as in clvm_rs's
// Allocator (src/allocator.rs). Nodes are 32-bit handles; atoms are byte
// ranges in one byte arena, pairs are (left, right) handle pairs in one
// vector. The store only grows: nodes are never freed or changed, so a pair
// always has a higher index than the pairs it contains (children are made
// first), and handles stay valid for the life of the store.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace cores::clvm_backrefs {

// A handle to an atom or a pair of one node_store. The top bit tells pairs
// from atoms; the other 31 bits are an index into the store's atom or pair
// table.
class node_ref {
 public:
  static constexpr std::uint32_t k_pair_bit = 0x8000'0000U;
  static constexpr std::uint32_t k_max_index = k_pair_bit - 1;

  constexpr node_ref() = default;
  static constexpr node_ref atom_at(std::uint32_t index) { return node_ref(index); }
  static constexpr node_ref pair_at(std::uint32_t index) { return node_ref(index | k_pair_bit); }

  constexpr bool is_pair() const { return (bits_ & k_pair_bit) != 0; }
  // The index in the atom table (atoms) or the pair table (pairs).
  constexpr std::uint32_t index() const { return bits_ & k_max_index; }
  constexpr std::uint32_t bits() const { return bits_; }

  friend constexpr bool operator==(node_ref, node_ref) = default;

 private:
  constexpr explicit node_ref(std::uint32_t bits) : bits_(bits) {}
  std::uint32_t bits_ = 0;  // atom 0: nil
};

class node_store {
 public:
  // A store holding only nil (atom 0, empty).
  node_store();

  // The empty atom, shared by every tree of the store.
  static constexpr node_ref nil() { return node_ref::atom_at(0); }

  // Copies `bytes` into the arena as a new atom. An empty span gives nil
  // without growing the store. nullopt when the store is full (more than
  // 2^31 - 1 atoms or 4 GiB of atom bytes).
  std::optional<node_ref> new_atom(std::span<const std::uint8_t> bytes);

  // A new pair (left . right). Precondition: both handles come from this
  // store. nullopt when the store holds 2^31 - 1 pairs.
  std::optional<node_ref> new_pair(node_ref left, node_ref right);

  // Precondition for left/right/atom: the handle comes from this store and
  // has the right kind (is_pair() for left/right, !is_pair() for atom).
  node_ref left(node_ref pair) const { return pairs_[pair.index()].left; }
  node_ref right(node_ref pair) const { return pairs_[pair.index()].right; }
  std::span<const std::uint8_t> atom(node_ref atom) const {
    const auto& a = atoms_[atom.index()];
    return {bytes_.data() + a.start, a.length};
  }

  std::size_t atom_count() const { return atoms_.size(); }
  std::size_t pair_count() const { return pairs_.size(); }
  std::size_t atom_bytes() const { return bytes_.size(); }

  // Reserves room so that the counts given can be added without growing.
  void reserve(std::size_t atoms, std::size_t pairs, std::size_t bytes);

 private:
  struct atom_entry {
    std::uint32_t start;
    std::uint32_t length;
  };
  struct pair_entry {
    node_ref left;
    node_ref right;
  };
  std::vector<atom_entry> atoms_;
  std::vector<pair_entry> pairs_;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace cores::clvm_backrefs
