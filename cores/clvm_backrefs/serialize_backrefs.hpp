#pragma once
// The back-reference serializer, generic over its ReadCacheLookup
// (harness/cases/clvm_backrefs/SPEC.md, "Serializer"; clvm_rs src/serde/ser_br.rs). The
// core and the baseline lookups share this serializer, so their outputs
// differ only through the lookup.

#include <concepts>
#include <cstdint>
#include <vector>

#include "cores/clvm_backrefs/atom_encoding.hpp"
#include "cores/clvm_backrefs/node_store.hpp"
#include "cores/clvm_backrefs/serialize.hpp"
#include "cores/clvm_backrefs/sha256.hpp"
#include "cores/clvm_backrefs/tree_facts.hpp"

namespace cores::clvm_backrefs {

// The interface both lookups implement: a model of the deserializer's parse
// stack, keyed by tree hashes.
//   push(h): h becomes the top of the stack.
//   pop(): removes the top.
//   pop2_and_cons(p): replaces the two top items L (below) and R by (L . R);
//     p = SHA256(02 || L || R), which the caller knows (a lookup may use it
//     instead of hashing again).
//   find_path(h, sl, path): true and the encoded path of the shortest (then
//     smallest) way from the stack to h, when one exists that is worth
//     writing for a node of serialized length sl.
template <class Lookup>
concept read_cache_lookup_like = requires(Lookup lookup, const digest& d, std::uint64_t length,
                                          std::vector<std::uint8_t>& path) {
  lookup.push(d);
  lookup.pop();
  lookup.pop2_and_cons(d);
  { lookup.find_path(d, length, path) } -> std::same_as<bool>;
};

// Replaces `out` with the back-reference serialization of the tree at
// `root`, whose facts are given. Precondition: `lookup` is fresh. Fails with
// over_limit as soon as the output would exceed limit_bytes; `out` is then
// empty (as for any status but ok).
template <read_cache_lookup_like Lookup>
serialize_status node_to_bytes_backrefs_with(Lookup& lookup, const node_store& store, node_ref root,
                                             const tree_facts& facts, std::vector<std::uint8_t>& out,
                                             std::uint64_t limit_bytes) {
  out.clear();
  // One stack for the serializer's two (ops and nodes): a pending node to
  // write, or a pair whose two children are written (its Cons op).
  struct pending {
    node_ref node;
    bool cons;
  };
  std::vector<pending> work{{root, false}};
  std::vector<std::uint8_t> path;
  auto fail = [&](serialize_status status) {
    out.clear();
    return status;
  };
  while (!work.empty()) {
    const node_ref node = work.back().node;
    work.pop_back();
    const digest& hash = facts.hash(node);
    if (lookup.find_path(hash, facts.serialized_length(node), path)) {
      out.push_back(k_backref_marker);
      if (!write_atom(path, out)) return fail(serialize_status::atom_too_long);
      lookup.push(hash);
    } else if (node.is_pair()) {
      out.push_back(k_pair_marker);
      work.push_back({node, true});
      work.push_back({store.right(node), false});
      work.push_back({store.left(node), false});
    } else {
      if (!write_atom(store.atom(node), out)) return fail(serialize_status::atom_too_long);
      lookup.push(hash);
    }
    if (out.size() > limit_bytes) return fail(serialize_status::over_limit);
    while (!work.empty() && work.back().cons) {
      lookup.pop2_and_cons(facts.hash(work.back().node));
      work.pop_back();
    }
  }
  return serialize_status::ok;
}

// Computes the tree facts, makes a lookup with make_lookup(hasher,
// node_count) and serializes. hash_failed when OpenSSL fails.
template <class MakeLookup>
serialize_status serialize_with_lookup(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                                       std::uint64_t limit_bytes, MakeLookup&& make_lookup) {
  out.clear();
  auto hasher = sha256::create();
  if (!hasher) return serialize_status::hash_failed;
  const auto facts = tree_facts::compute(store, root, *hasher);
  if (!facts) return serialize_status::hash_failed;
  auto lookup = make_lookup(*hasher, facts->node_count());
  const auto status = node_to_bytes_backrefs_with(lookup, store, root, *facts, out, limit_bytes);
  if (!hasher->ok()) {
    out.clear();
    return serialize_status::hash_failed;
  }
  return status;
}

}  // namespace cores::clvm_backrefs
