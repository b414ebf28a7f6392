#include "cores/clvm_backrefs/parse.hpp"

#include <gtest/gtest.h>

#include "cores/clvm_backrefs/serialize.hpp"
#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

using namespace cores::clvm_backrefs;
using clvm_test::bytes;
using clvm_test::from_hex;
using clvm_test::to_hex;

constexpr std::size_t k_deep = 100'000;

parse_result parse_backrefs(const bytes& input) {
  node_store store;
  return node_from_bytes_backrefs(store, input);
}

// Parses with back references and writes the result plainly.
std::string inflated(const std::string& hex) {
  node_store store;
  const auto result = node_from_bytes_backrefs(store, from_hex(hex));
  EXPECT_EQ(result.status, parse_status::ok) << describe(result.status);
  return to_hex(clvm_test::plain_bytes(store, result.node));
}

TEST(NodeFromBytes, RoundTripsAPlainSerialization) {
  const auto input = from_hex("ff01ff02ff03ff04ff05ff0680");
  node_store store;
  const auto result = node_from_bytes(store, input);
  ASSERT_EQ(result.status, parse_status::ok);
  EXPECT_EQ(result.offset, input.size());
  EXPECT_EQ(to_hex(clvm_test::plain_bytes(store, result.node)), "ff01ff02ff03ff04ff05ff0680");
}

TEST(NodeFromBytes, IgnoresTrailingBytesAndReportsWhereItStopped) {
  node_store store;
  const auto result = node_from_bytes(store, from_hex("ff0102ffff"));
  ASSERT_EQ(result.status, parse_status::ok);
  EXPECT_EQ(result.offset, 3U);
}

TEST(NodeFromBytes, TreatsFeAsABadPrefix) {
  node_store store;
  EXPECT_EQ(node_from_bytes(store, from_hex("ff01fe02")).status, parse_status::bad_length_prefix);
}

TEST(NodeFromBytes, ReportsEveryProperPrefixAsTruncated) {
  const auto input = from_hex("ff83666f6fff8200ff80");
  for (std::size_t n = 0; n < input.size(); ++n) {
    node_store store;
    const auto result = node_from_bytes(store, std::span(input).first(n));
    EXPECT_EQ(result.status, parse_status::truncated) << n;
  }
}

TEST(NodeFromBytesBackrefs, ResolvesThePathsOfTheSpecVectors) {
  EXPECT_EQ(inflated("ff83666f6ffe02"), "ff83666f6f83666f6f");
  EXPECT_EQ(inflated("ff86666f6f626172fe01"), "ff86666f6f626172ff86666f6f62617280");
  EXPECT_EQ(inflated("ffff01ff02ff03ff0480fe02"), "ffff01ff02ff03ff0480ff01ff02ff03ff0480");
  const std::string leaf = "850102030405";
  const std::string l1 = "ff" + leaf + leaf;
  const std::string l2 = "ff" + l1 + l1;
  EXPECT_EQ(inflated("ffffff850102030405fe02fe02fe02"), "ff" + l2 + l2);
}

TEST(NodeFromBytesBackrefs, GivesNilForAnAllZeroPath) {
  EXPECT_EQ(inflated("ff83666f6ffe80"), "ff83666f6f80");
  EXPECT_EQ(inflated("ff83666f6ffe8100"), "ff83666f6f80");
}

TEST(NodeFromBytesBackrefs, RejectsAPathIntoAnAtom) {
  // Stack (foo): path 4 = first, then first of the atom foo.
  const auto result = parse_backrefs(from_hex("ff83666f6ffe04"));
  EXPECT_EQ(result.status, parse_status::path_into_atom);
  EXPECT_EQ(result.offset, 5U);
  EXPECT_EQ(describe(result.status), "bad back reference: the path steps into an atom");
}

TEST(NodeFromBytesBackrefs, RejectsAPathBeyondTheStack) {
  // Stack (foo): path 7 = rest (nil), then rest of nil.
  EXPECT_EQ(parse_backrefs(from_hex("ff83666f6ffe07")).status, parse_status::path_beyond_stack);
  // An empty stack at the very start.
  EXPECT_EQ(parse_backrefs(from_hex("fe02")).status, parse_status::path_beyond_stack);
  // A long path far past a short stack.
  EXPECT_EQ(parse_backrefs(from_hex("ff01fe84ffffffff")).status, parse_status::path_beyond_stack);
  EXPECT_EQ(describe(parse_status::path_beyond_stack),
            "bad back reference: the path goes past the end of the parse stack");
}

TEST(NodeFromBytesBackrefs, RejectsABadPrefixInThePath) {
  EXPECT_EQ(parse_backrefs(from_hex("ff01fefe")).status, parse_status::bad_length_prefix);
}

TEST(NodeFromBytesBackrefs, RejectsAnAtomLengthOf2To34) {
  EXPECT_EQ(parse_backrefs(from_hex("ff01fc0400000000")).status, parse_status::atom_too_long);
}

TEST(NodeFromBytesBackrefs, ReportsEveryProperPrefixAsTruncated) {
  const auto input = from_hex("ffffff850102030405fe02fe02fe02");
  for (std::size_t n = 0; n < input.size(); ++n) {
    EXPECT_EQ(parse_backrefs(bytes(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(n))).status,
              parse_status::truncated)
        << n;
  }
}

TEST(NodeFromBytesBackrefs, SurvivesAbsurdNestingWithoutRecursion) {
  // A million pair markers and nothing else: truncated, not a stack overflow.
  EXPECT_EQ(parse_backrefs(bytes(1'000'000, 0xff)).status, parse_status::truncated);
}

TEST(NodeFromBytes, ParsesATreeNested100000Deep) {
  // Left-deep: FF x n, then n + 1 atoms; and right-deep: (FF 01) x n, 80.
  bytes left(k_deep, 0xff);
  left.insert(left.end(), k_deep + 1, 0x01);
  bytes right;
  for (std::size_t i = 0; i < k_deep; ++i) {
    right.push_back(0xff);
    right.push_back(0x01);
  }
  right.push_back(0x80);
  for (const auto* input : {&left, &right}) {
    node_store store;
    const auto plain = node_from_bytes(store, *input);
    ASSERT_EQ(plain.status, parse_status::ok);
    EXPECT_EQ(store.pair_count(), k_deep);
    EXPECT_EQ(clvm_test::plain_bytes(store, plain.node), *input);
    node_store store2;
    const auto with_backrefs = node_from_bytes_backrefs(store2, *input);
    ASSERT_EQ(with_backrefs.status, parse_status::ok);
    EXPECT_EQ(clvm_test::plain_bytes(store2, with_backrefs.node), *input);
  }
}

}  // namespace
