#pragma once
// Parsing CLVM serializations into a node_store (harness/cases/clvm_backrefs/SPEC.md,
// "Wire format" and "Paths and the deserializer"; clvm_rs
// src/serde/{de.rs, de_br.rs}). Both parsers are iterative (trees nest
// thousands deep), read only inside the given bytes, never throw, and ignore
// bytes after the first complete node.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "cores/clvm_backrefs/node_store.hpp"

namespace cores::clvm_backrefs {

enum class parse_status {
  ok,
  truncated,          // the input ends inside a node
  bad_length_prefix,  // an atom prefix with 7 or more leading 1-bits
  atom_too_long,      // an atom length of 2^34 bytes or more
  path_into_atom,     // a back-reference path steps into an atom
  path_beyond_stack,  // a back-reference path walks past the end of the parse stack
  store_full,         // the node store cannot hold more nodes or bytes
};

// One line describing the status, e.g. "truncated: the input ends inside a node".
std::string_view describe(parse_status status);

struct parse_result {
  parse_status status = parse_status::ok;
  node_ref node;            // the root when ok
  std::size_t offset = 0;   // bytes consumed when ok; else where the bad node starts
};

// Parses a plain serialization (no back references: 0xFE is a bad prefix).
// On error the store may hold nodes of the partial parse.
parse_result node_from_bytes(node_store& store, std::span<const std::uint8_t> bytes);

// Parses a serialization with back references (0xFE + path atom). The
// result may share nodes (a DAG). On error the store may hold nodes of the
// partial parse.
parse_result node_from_bytes_backrefs(node_store& store, std::span<const std::uint8_t> bytes);

}  // namespace cores::clvm_backrefs
