#pragma once
// Tree hash (TH) and serialized length (SL) of CLVM nodes
// (harness/cases/clvm_backrefs/SPEC.md, "Tree hash"; clvm_rs src/serde/object_cache.rs):
//   TH(atom) = SHA256(01 || bytes), TH(pair) = SHA256(02 || TH(left) || TH(right));
//   SL(atom) = see atom_serialized_length, SL(pair) = 1 + SL(left) + SL(right).
// Computed for every node reachable from a root, without recursion, and
// memoised by node identity, so shared sub-trees (DAGs from back
// references) are hashed once. Atoms of 0 or 1 byte (nine in ten atoms of a
// mainnet generator: opcodes, small numbers, nil) are hashed once per value
// and remembered across calls.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "cores/clvm_backrefs/node_store.hpp"
#include "cores/clvm_backrefs/sha256.hpp"

namespace cores::clvm_backrefs {

inline constexpr std::uint8_t k_atom_hash_prefix = 0x01;
inline constexpr std::uint8_t k_pair_hash_prefix = 0x02;

// SHA256(01 || atom).
digest hash_atom(sha256& hasher, std::span<const std::uint8_t> atom);
// SHA256(02 || left || right).
digest hash_pair(sha256& hasher, const digest& left, const digest& right);

class tree_facts {
 public:
  // TH and SL of every node reachable from `root`. O(reachable nodes), one
  // SHA-256 each. SL saturates at 2^64 - 1 (a DAG can describe a tree too
  // big to write). nullopt when hashing failed.
  static std::optional<tree_facts> compute(const node_store& store, node_ref root, sha256& hasher);

  // The same for a new root, reusing this object's memory (no page faults
  // when the tree is no bigger than before). false when hashing failed; the
  // facts are then unusable.
  bool recompute(const node_store& store, node_ref root, sha256& hasher);

  // Precondition: `node` is reachable from the root given to compute().
  const digest& hash(node_ref node) const {
    return node.is_pair() ? pair_hashes_[node.index()] : atom_hashes_[node.index()];
  }
  std::uint64_t serialized_length(node_ref node) const {
    return node.is_pair() ? pair_lengths_[node.index()] : atom_lengths_[node.index()];
  }
  // Distinct nodes reachable from the root (atoms and pairs).
  std::size_t node_count() const { return node_count_; }

 private:
  std::vector<digest> atom_hashes_;
  std::vector<digest> pair_hashes_;
  std::vector<std::uint64_t> atom_lengths_;
  std::vector<std::uint64_t> pair_lengths_;
  std::size_t node_count_ = 0;
  // Scratch of recompute(), kept for reuse.
  std::vector<std::uint8_t> atom_marks_;
  std::vector<std::uint8_t> pair_marks_;
  std::vector<node_ref> pending_;

  // TH of nil and of the 256 one-byte atoms, filled on first use.
  static constexpr std::size_t k_short_atoms = 1 + 256;
  const digest& short_atom_hash(sha256& hasher, std::span<const std::uint8_t> atom);
  std::array<digest, k_short_atoms> short_atom_hashes_{};
  std::array<bool, k_short_atoms> short_atom_known_{};
};

// TH of the tree at `root`; nullopt when hashing failed.
std::optional<digest> tree_hash(const node_store& store, node_ref root, sha256& hasher);

}  // namespace cores::clvm_backrefs
