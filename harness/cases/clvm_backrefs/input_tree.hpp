#pragma once
// The setup of the clvm_backrefs case (harness/cases/clvm_backrefs/SPEC.md, "Benchmark"):
// an input (with or without back references) is parsed, written plainly
// (inflated) and parsed again with the plain parser into a fresh store, so
// the timed serializer sees a tree that shares nothing.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "cores/clvm_backrefs/node_store.hpp"

namespace benchgate::cases::clvm_backrefs {

// Inputs that inflate beyond this are refused: a back-reference input can
// describe a tree exponentially bigger than itself.
inline constexpr std::uint64_t k_max_plain_bytes = 256ULL << 20;

struct input_tree {
  cores::clvm_backrefs::node_store store;
  cores::clvm_backrefs::node_ref root;
  std::vector<std::uint8_t> plain;  // the plain serialization of root
};

// The fresh tree of a plain serialization. Returns the tree or a message
// ("not a plain CLVM serialization: truncated: ... at byte 12").
std::variant<std::shared_ptr<const input_tree>, std::string> tree_from_plain(std::vector<std::uint8_t> plain);

// Parses `bytes` (back references allowed), inflates and reparses. Returns
// the tree or a message naming what is wrong, e.g. "not a CLVM
// serialization: bad back reference: ... at byte 7" or "inflates to 300
// MiB, more than the 256 MiB this case handles".
std::variant<std::shared_ptr<const input_tree>, std::string> tree_from_serialized(std::span<const std::uint8_t> bytes);

}  // namespace benchgate::cases::clvm_backrefs
