#include "cores/clvm_backrefs/atom_encoding.hpp"

#include <array>
#include <bit>

namespace cores::clvm_backrefs {

namespace {

constexpr unsigned k_bits_per_byte = 8;
constexpr std::uint8_t k_byte_mask = 0xFF;

// The prefix length k holds lengths below k_prefix_limits[k - 1]
// (harness/cases/clvm_backrefs/SPEC.md: k=1 < 0x40, k=2 < 0x2000, ..., k=5 < 0x400000000).
constexpr std::array<std::uint64_t, k_max_prefix_bytes> k_prefix_limits = {
    0x40, 0x2000, 0x10'0000, 0x800'0000, k_atom_length_limit};

}  // namespace

std::size_t atom_prefix_bytes(std::uint64_t length) {
  for (std::size_t k = 0; k < k_prefix_limits.size(); ++k) {
    if (length < k_prefix_limits[k]) return k + 1;
  }
  return k_max_prefix_bytes;
}

std::uint64_t atom_serialized_length(std::span<const std::uint8_t> atom) {
  if (atom.empty() || (atom.size() == 1 && atom[0] <= k_max_single_byte)) return 1;
  return atom.size() + atom_prefix_bytes(atom.size());
}

bool write_atom(std::span<const std::uint8_t> atom, std::vector<std::uint8_t>& out) {
  if (atom.empty()) {
    out.push_back(k_nil_byte);
    return true;
  }
  if (atom.size() == 1 && atom[0] <= k_max_single_byte) {
    out.push_back(atom[0]);
    return true;
  }
  const std::uint64_t length = atom.size();
  if (length >= k_atom_length_limit) return false;
  const std::size_t k = atom_prefix_bytes(length);
  // k leading 1-bits, a 0-bit, then the length big-endian in the rest of the
  // k bytes.
  const auto marker = static_cast<std::uint8_t>(k_byte_mask << (k_bits_per_byte - k));
  for (std::size_t i = 0; i < k; ++i) {
    auto b = static_cast<std::uint8_t>((length >> (k_bits_per_byte * (k - 1 - i))) & k_byte_mask);
    if (i == 0) b = static_cast<std::uint8_t>(b | marker);
    out.push_back(b);
  }
  out.insert(out.end(), atom.begin(), atom.end());
  return true;
}

atom_read read_atom_header(std::span<const std::uint8_t> bytes) {
  if (bytes.empty()) return {atom_read_status::truncated, 0, 0};
  const std::uint8_t first = bytes[0];
  if (first <= k_max_single_byte) {
    return {atom_read_status::ok, 0, 1};  // the byte is its own payload
  }
  const auto k = static_cast<std::size_t>(std::countl_one(first));
  if (k > k_max_read_prefix_bytes) return {atom_read_status::bad_length_prefix, 0, 0};
  if (bytes.size() < k) return {atom_read_status::truncated, 0, 0};
  std::uint64_t length = first & (k_byte_mask >> k);
  for (std::size_t i = 1; i < k; ++i) length = (length << k_bits_per_byte) | bytes[i];
  if (length >= k_atom_length_limit) return {atom_read_status::too_long, k, length};
  if (bytes.size() - k < length) return {atom_read_status::truncated, k, length};
  return {atom_read_status::ok, k, length};
}

}  // namespace cores::clvm_backrefs
