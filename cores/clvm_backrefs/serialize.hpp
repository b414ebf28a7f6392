#pragma once
// The plain CLVM serializer (no back references; clvm_rs src/serde/ser.rs):
// pair -> FF left right, atom -> write_atom. Iterative.

#include <cstdint>
#include <vector>

#include "cores/clvm_backrefs/node_store.hpp"

namespace cores::clvm_backrefs {

enum class serialize_status {
  ok,
  over_limit,     // the output would exceed the byte limit given
  atom_too_long,  // an atom of 2^34 bytes or more cannot be written
  hash_failed,    // OpenSSL failed to hash (back-reference serializer only)
};

inline constexpr std::uint64_t k_no_limit = UINT64_MAX;

// Replaces `out` with the plain serialization of the tree at `root`.
// A DAG is written as the tree it describes (shared nodes repeated): check
// its serialized length first. Unless ok, `out` is left empty.
serialize_status node_to_bytes(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                               std::uint64_t limit_bytes = k_no_limit);

}  // namespace cores::clvm_backrefs
