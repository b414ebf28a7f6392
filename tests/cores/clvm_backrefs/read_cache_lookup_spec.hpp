#pragma once
// The ReadCacheLookup sequence of harness/cases/clvm_backrefs/SPEC.md, for any lookup
// type: after pushing atoms 5, 9, 10 and after pop2_and_cons, each listed
// object is found at the listed path.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cores/clvm_backrefs/tree_facts.hpp"
#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace clvm_test {

// A serialized length that puts no limit on paths.
inline constexpr std::uint64_t k_long_node_bytes = 1000;

struct spec_hashes {
  cvm::digest nil, five, nine, ten;
  cvm::sha256* hasher;
  cvm::digest atom(std::uint8_t value) const { return cvm::hash_atom(*hasher, std::vector<std::uint8_t>{value}); }
  cvm::digest cons(const cvm::digest& l, const cvm::digest& r) const { return cvm::hash_pair(*hasher, l, r); }
};

// The found path of `target` as hex, or "none".
template <class Lookup>
std::string path_of(Lookup& lookup, const cvm::digest& target, std::uint64_t length = k_long_node_bytes) {
  std::vector<std::uint8_t> path;
  return lookup.find_path(target, length, path) ? to_hex(path) : std::string("none");
}

template <class Lookup>
void expect_spec_sequence(Lookup& lookup, cvm::sha256& hasher) {
  spec_hashes h{};
  h.hasher = &hasher;
  h.nil = cvm::hash_atom(hasher, {});
  h.five = h.atom(5);
  h.nine = h.atom(9);
  h.ten = h.atom(10);

  EXPECT_EQ(path_of(lookup, h.nil), "01");  // the empty stack is nil
  lookup.push(h.five);
  lookup.push(h.nine);
  lookup.push(h.ten);
  const auto list5 = h.cons(h.five, h.nil);
  const auto list95 = h.cons(h.nine, list5);
  const auto stack = h.cons(h.ten, list95);
  EXPECT_EQ(path_of(lookup, stack), "01");
  EXPECT_EQ(path_of(lookup, h.ten), "02");
  EXPECT_EQ(path_of(lookup, list95), "03");
  EXPECT_EQ(path_of(lookup, h.nine), "05");
  EXPECT_EQ(path_of(lookup, list5), "07");
  EXPECT_EQ(path_of(lookup, h.five), "0b");
  EXPECT_EQ(path_of(lookup, h.nil), "0f");

  const auto nine_ten = h.cons(h.nine, h.ten);
  lookup.pop2_and_cons(nine_ten);
  EXPECT_EQ(path_of(lookup, nine_ten), "02");
  EXPECT_EQ(path_of(lookup, list5), "03");
  EXPECT_EQ(path_of(lookup, h.nine), "04");
  EXPECT_EQ(path_of(lookup, h.ten), "06");
  EXPECT_EQ(path_of(lookup, h.five), "05");
  EXPECT_EQ(path_of(lookup, h.nil), "07");
  // The old stack objects are gone.
  EXPECT_EQ(path_of(lookup, list95), "none");
  EXPECT_EQ(path_of(lookup, stack), "none");
}

}  // namespace clvm_test
