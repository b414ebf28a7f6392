#pragma once
// Helpers shared by the clvm_backrefs tests: hex, parsing shortcuts, random
// trees with repeated sub-trees (fixed seeds), the real inputs.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cores/clvm_backrefs/atom_encoding.hpp"
#include "cores/clvm_backrefs/node_store.hpp"
#include "cores/clvm_backrefs/parse.hpp"
#include "cores/clvm_backrefs/serialize.hpp"
#include "cores/clvm_backrefs/sha256.hpp"
#include "cores/clvm_backrefs/tree_facts.hpp"

namespace clvm_test {

namespace cvm = cores::clvm_backrefs;
using bytes = std::vector<std::uint8_t>;

inline bytes from_hex(std::string_view hex) {
  bytes out;
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<std::uint8_t>(nibble(hex[i]) * 16 + nibble(hex[i + 1])));
  }
  return out;
}

inline std::string to_hex(const bytes& data) {
  static constexpr char k_digits[] = "0123456789abcdef";
  std::string out;
  for (const auto b : data) {
    out += k_digits[b >> 4];
    out += k_digits[b & 15];
  }
  return out;
}

inline std::string to_hex(const cvm::digest& d) { return to_hex(bytes(d.begin(), d.end())); }

// Parses plain bytes that must be valid.
inline cvm::node_ref parse_plain(cvm::node_store& store, const bytes& plain) {
  const auto result = cvm::node_from_bytes(store, plain);
  EXPECT_EQ(result.status, cvm::parse_status::ok) << cvm::describe(result.status);
  return result.node;
}

inline bytes plain_bytes(const cvm::node_store& store, cvm::node_ref root) {
  bytes out;
  EXPECT_EQ(cvm::node_to_bytes(store, root, out), cvm::serialize_status::ok);
  return out;
}

inline cvm::digest hash_of(const cvm::node_store& store, cvm::node_ref root) {
  auto hasher = cvm::sha256::create();
  EXPECT_TRUE(hasher.has_value());
  return cvm::tree_hash(store, root, *hasher).value_or(cvm::digest{});
}

// A random tree with plenty of repetition: atoms from a small pool (empty,
// single bytes below and above 0x80, 2 to 70 bytes) and pairs of earlier
// nodes, recent ones more often. Deterministic for a seed. Returns the
// plain serialization of the longest node made (shared nodes written out),
// at most `max_plain_bytes`.
inline bytes random_tree_plain(std::uint64_t seed, std::size_t steps, std::size_t max_plain_bytes) {
  std::uint64_t state = seed;
  auto next = [&state]() {  // SplitMix64 (Steele, Lea, Flood 2014)
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  std::vector<bytes> atom_pool;
  for (int i = 0; i < 12; ++i) {
    const std::size_t length = i == 0 ? 0 : (i < 4 ? 1 : 2 + next() % 69);
    bytes atom(length);
    for (auto& b : atom) b = static_cast<std::uint8_t>(next());
    atom_pool.push_back(atom);
  }
  cvm::node_store store;
  auto hasher = cvm::sha256::create();
  std::vector<cvm::node_ref> made;
  std::vector<std::uint64_t> lengths;
  for (std::size_t i = 0; i < steps; ++i) {
    if (made.size() < 2 || next() % 3 == 0) {
      const auto& atom = atom_pool[next() % atom_pool.size()];
      made.push_back(*store.new_atom(atom));
      lengths.push_back(cvm::atom_serialized_length(atom));
      continue;
    }
    // Mostly recent nodes (deep, list-like), sometimes any earlier one.
    auto pick = [&]() {
      const std::size_t back = next() % 4 == 0 ? next() % made.size() : next() % std::min<std::size_t>(made.size(), 4);
      return made.size() - 1 - back;
    };
    const std::size_t l = pick();
    const std::size_t r = pick();
    const std::uint64_t length = 1 + lengths[l] + lengths[r];
    if (length > max_plain_bytes) continue;
    made.push_back(*store.new_pair(made[l], made[r]));
    lengths.push_back(length);
  }
  // The root: the longest node made.
  const auto longest = std::max_element(lengths.begin(), lengths.end()) - lengths.begin();
  return plain_bytes(store, made[static_cast<std::size_t>(longest)]);
}

// The folder of real inputs (BENCHGATE_DATA_DIR), or nullopt when unset.
inline std::optional<std::filesystem::path> data_dir() {
  const char* dir = std::getenv("BENCHGATE_DATA_DIR");
  if (dir == nullptr || *dir == '\0') return std::nullopt;
  return std::filesystem::path(dir);
}

inline bytes read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace clvm_test
