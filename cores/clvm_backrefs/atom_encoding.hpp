#pragma once
// The CLVM serialization of atoms (harness/cases/clvm_backrefs/SPEC.md, "Wire format";
// clvm_rs src/serde/{write_atom.rs, parse_atom.rs}): the markers, the
// length prefix, and the serialized length of atoms.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cores::clvm_backrefs {

inline constexpr std::uint8_t k_pair_marker = 0xFF;
inline constexpr std::uint8_t k_backref_marker = 0xFE;
inline constexpr std::uint8_t k_nil_byte = 0x80;
// Atoms of one byte up to this value are written as that byte alone.
inline constexpr std::uint8_t k_max_single_byte = 0x7F;
// Atom lengths must stay below 2^34 (the 5-byte prefix holds 34 bits).
inline constexpr std::uint64_t k_atom_length_limit = 0x4'0000'0000ULL;
// The longest prefix: 5 bytes (k = 5 leading 1-bits). Readers also accept
// k = 6; k >= 7 is an error.
inline constexpr std::size_t k_max_prefix_bytes = 5;
inline constexpr std::size_t k_max_read_prefix_bytes = 6;

// Bytes of the smallest length prefix for an atom of `length` bytes (1 to
// 5). Precondition: 2 <= length or the atom is a single byte >= 0x80, and
// length < k_atom_length_limit.
std::size_t atom_prefix_bytes(std::uint64_t length);

// Serialized length of an atom: 1 for nil and single bytes <= 0x7F, else the
// prefix plus the bytes. Atoms longer than the limit give length + 5, which
// no writer emits.
std::uint64_t atom_serialized_length(std::span<const std::uint8_t> atom);

// Appends the serialization of `atom` to `out`: 80 for nil, the byte itself
// for a single byte <= 0x7F, else the smallest prefix and the bytes. false
// (and `out` unchanged) when the atom is too long to encode.
bool write_atom(std::span<const std::uint8_t> atom, std::vector<std::uint8_t>& out);

enum class atom_read_status { ok, truncated, bad_length_prefix, too_long };

// What reading an atom at the start of `bytes` found.
struct atom_read {
  atom_read_status status = atom_read_status::ok;
  std::size_t header_bytes = 0;  // bytes before the payload (0 for a single byte)
  std::uint64_t length = 0;      // payload bytes
};

// Reads the header of the atom starting at bytes[0]. Accepts non-canonical
// prefixes; rejects 7 or more leading 1-bits, lengths >= 2^34 and payloads
// that run past the end of `bytes` (truncated). Empty input is truncated.
atom_read read_atom_header(std::span<const std::uint8_t> bytes);

}  // namespace cores::clvm_backrefs
