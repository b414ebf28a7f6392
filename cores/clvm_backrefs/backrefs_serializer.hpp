#pragma once
// The core's back-reference serializer as a reusable object: the hasher,
// the tree facts and the lookup's tables live across calls, so serializing
// block after block allocates (and page-faults) only when a tree is bigger
// than any before. node_to_bytes_backrefs() is the one-shot form.

#include <cstdint>
#include <optional>
#include <vector>

#include "cores/clvm_backrefs/node_store.hpp"
#include "cores/clvm_backrefs/random_salt.hpp"
#include "cores/clvm_backrefs/read_cache_lookup.hpp"
#include "cores/clvm_backrefs/serialize.hpp"
#include "cores/clvm_backrefs/sha256.hpp"
#include "cores/clvm_backrefs/tree_facts.hpp"

namespace cores::clvm_backrefs {

class backrefs_serializer {
 public:
  // Nodes shorter than `threshold` bytes are never written as references.
  explicit backrefs_serializer(std::uint64_t threshold = k_core_threshold);
  // The lookup refers to the hasher member: the object stays in place.
  backrefs_serializer(const backrefs_serializer&) = delete;
  backrefs_serializer& operator=(const backrefs_serializer&) = delete;

  // As node_to_bytes_backrefs (same output), with a fresh salt from a
  // stream seeded at random when the object was made.
  serialize_status serialize(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                             std::uint64_t limit_bytes = k_no_limit);
  // The same with a given salt: the output must not depend on it.
  serialize_status serialize_salted(const node_store& store, node_ref root, std::uint64_t salt,
                                    std::vector<std::uint8_t>& out, std::uint64_t limit_bytes = k_no_limit);

 private:
  std::uint64_t threshold_;
  salt_stream salts_;
  std::optional<sha256> hasher_;
  tree_facts facts_;
  std::optional<read_cache_lookup> lookup_;
};

}  // namespace cores::clvm_backrefs
