#pragma once
// Back-reference paths (harness/cases/clvm_backrefs/SPEC.md, "Paths and the
// deserializer"): a path is a big-endian unsigned integer whose bits, from
// the least significant end, are the steps from the parse stack's root
// (0 = left/head, 1 = right/tail); the highest set bit ends the path.
// From directions ordered target-first: v = 1; for each d: v = 2v + d.
// [] -> 01, [0] -> 02, [1] -> 03, [0,1,1,1] -> 17.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cores::clvm_backrefs {

// Bytes of the encoding of a path of `steps` steps: ceil((steps + 1) / 8).
constexpr std::size_t path_bytes(std::size_t steps) { return (steps + 1 + 7) / 8; }

// Sets bit `bit` (0 = least significant) of the big-endian number in
// `path`. Precondition: bit < 8 * path.size().
inline void set_path_bit(std::span<std::uint8_t> path, std::size_t bit) {
  constexpr std::size_t k_bits_per_byte = 8;
  path[path.size() - 1 - bit / k_bits_per_byte] |= static_cast<std::uint8_t>(1U << (bit % k_bits_per_byte));
}

// Replaces `out` with the minimal big-endian encoding of the path whose
// directions (0 or 1, one byte each) are given target-first.
void encode_path(std::span<const std::uint8_t> directions_target_first, std::vector<std::uint8_t>& out);

}  // namespace cores::clvm_backrefs
