#include "cores/clvm_backrefs/tree_facts.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "cores/clvm_backrefs/atom_encoding.hpp"

namespace cores::clvm_backrefs {

namespace {

// Atoms up to this size are hashed from one stack buffer (one EVP update).
constexpr std::size_t k_small_atom_bytes = 64;

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max() : a + b;
}

// Marks every node reachable from `root` (iterative DFS; a node is pushed
// at most once). Returns the highest atom index reached plus one.
std::size_t mark_reachable(const node_store& store, node_ref root, std::vector<std::uint8_t>& atom_marks,
                           std::vector<std::uint8_t>& pair_marks, std::vector<node_ref>& pending) {
  std::size_t atom_end = 0;
  pending.clear();
  auto visit = [&](node_ref node) {
    auto& mark = node.is_pair() ? pair_marks[node.index()] : atom_marks[node.index()];
    if (mark != 0) return;
    mark = 1;
    if (node.is_pair()) {
      pending.push_back(node);
    } else {
      atom_end = std::max<std::size_t>(atom_end, node.index() + 1);
    }
  };
  visit(root);
  while (!pending.empty()) {
    const node_ref pair = pending.back();
    pending.pop_back();
    visit(store.left(pair));
    visit(store.right(pair));
  }
  return atom_end;
}

}  // namespace

digest hash_atom(sha256& hasher, std::span<const std::uint8_t> atom) {
  if (atom.size() <= k_small_atom_bytes) {
    std::uint8_t buffer[1 + k_small_atom_bytes];
    buffer[0] = k_atom_hash_prefix;
    if (!atom.empty()) std::memcpy(buffer + 1, atom.data(), atom.size());
    return hasher.hash({buffer, 1 + atom.size()});
  }
  const std::uint8_t prefix = k_atom_hash_prefix;
  return hasher.hash({&prefix, 1}, atom);
}

digest hash_pair(sha256& hasher, const digest& left, const digest& right) {
  std::uint8_t buffer[1 + 2 * k_digest_bytes];
  buffer[0] = k_pair_hash_prefix;
  std::memcpy(buffer + 1, left.data(), k_digest_bytes);
  std::memcpy(buffer + 1 + k_digest_bytes, right.data(), k_digest_bytes);
  return hasher.hash(buffer);
}

std::optional<tree_facts> tree_facts::compute(const node_store& store, node_ref root, sha256& hasher) {
  tree_facts facts;
  if (!facts.recompute(store, root, hasher)) return std::nullopt;
  return facts;
}

const digest& tree_facts::short_atom_hash(sha256& hasher, std::span<const std::uint8_t> atom) {
  // Slot 0 is nil, slot 1 + b the byte b.
  const std::size_t slot = atom.empty() ? 0 : 1 + std::size_t{atom[0]};
  if (!short_atom_known_[slot]) {
    short_atom_hashes_[slot] = hash_atom(hasher, atom);
    short_atom_known_[slot] = hasher.ok();
  }
  return short_atom_hashes_[slot];
}

bool tree_facts::recompute(const node_store& store, node_ref root, sha256& hasher) {
  // Children always have lower pair indices than their parent (the store is
  // built bottom-up), so one ascending pass over the marked nodes is a
  // post-order: no recursion and no explicit stack for the hashing.
  // assign/resize reuse the vectors' memory from earlier calls; entries of
  // unmarked nodes keep stale values and are never read.
  const std::size_t pair_end = root.is_pair() ? root.index() + 1 : 0;
  atom_marks_.assign(store.atom_count(), 0);
  pair_marks_.assign(pair_end, 0);
  const std::size_t atom_end = mark_reachable(store, root, atom_marks_, pair_marks_, pending_);

  atom_hashes_.resize(atom_end);
  atom_lengths_.resize(atom_end);
  pair_hashes_.resize(pair_end);
  pair_lengths_.resize(pair_end);
  node_count_ = 0;
  for (std::size_t i = 0; i < atom_end; ++i) {
    if (atom_marks_[i] == 0) continue;
    const auto bytes = store.atom(node_ref::atom_at(static_cast<std::uint32_t>(i)));
    atom_hashes_[i] = bytes.size() <= 1 ? short_atom_hash(hasher, bytes) : hash_atom(hasher, bytes);
    atom_lengths_[i] = atom_serialized_length(bytes);
    ++node_count_;
  }
  for (std::size_t i = 0; i < pair_end; ++i) {
    if (pair_marks_[i] == 0) continue;
    const node_ref pair = node_ref::pair_at(static_cast<std::uint32_t>(i));
    const node_ref left = store.left(pair);
    const node_ref right = store.right(pair);
    pair_hashes_[i] = hash_pair(hasher, hash(left), hash(right));
    pair_lengths_[i] = saturating_add(saturating_add(1, serialized_length(left)), serialized_length(right));
    ++node_count_;
  }
  return hasher.ok();
}

std::optional<digest> tree_hash(const node_store& store, node_ref root, sha256& hasher) {
  const auto facts = tree_facts::compute(store, root, hasher);
  if (!facts) return std::nullopt;
  return facts->hash(root);
}

}  // namespace cores::clvm_backrefs
