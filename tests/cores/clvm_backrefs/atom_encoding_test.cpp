#include "cores/clvm_backrefs/atom_encoding.hpp"

#include <gtest/gtest.h>

#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

using namespace cores::clvm_backrefs;
using clvm_test::bytes;
using clvm_test::to_hex;

std::string written(const bytes& atom) {
  bytes out;
  EXPECT_TRUE(write_atom(atom, out));
  return to_hex(out);
}

TEST(WriteAtom, NilIsTheByte80) { EXPECT_EQ(written({}), "80"); }

TEST(WriteAtom, SingleBytesUpTo7fAreWrittenBare) {
  EXPECT_EQ(written({0x00}), "00");
  EXPECT_EQ(written({0x7f}), "7f");
}

TEST(WriteAtom, SingleBytesFrom80TakeAOneBytePrefix) { EXPECT_EQ(written({0x80}), "8180"); }

TEST(WriteAtom, UsesTheSmallestPrefixAtEachBoundary) {
  EXPECT_EQ(written(bytes(0x3f, 0xaa)).substr(0, 2), "bf");
  EXPECT_EQ(written(bytes(0x40, 0xaa)).substr(0, 4), "c040");
  EXPECT_EQ(written(bytes(0x1fff, 0xaa)).substr(0, 4), "dfff");
  EXPECT_EQ(written(bytes(0x2000, 0xaa)).substr(0, 6), "e02000");
  EXPECT_EQ(written(bytes(0x100000, 0xaa)).substr(0, 8), "f0100000");
}

TEST(AtomSerializedLength, CountsPrefixAndPayload) {
  EXPECT_EQ(atom_serialized_length(bytes{}), 1U);
  EXPECT_EQ(atom_serialized_length(bytes{0x7f}), 1U);
  EXPECT_EQ(atom_serialized_length(bytes{0x80}), 2U);
  EXPECT_EQ(atom_serialized_length(bytes(0x3f, 1)), 0x40U);
  EXPECT_EQ(atom_serialized_length(bytes(0x40, 1)), 0x42U);
  EXPECT_EQ(atom_prefix_bytes(0x7ffffff), 4U);
  EXPECT_EQ(atom_prefix_bytes(0x8000000), 5U);
}

TEST(ReadAtomHeader, AcceptsANonCanonicalPrefix) {
  // A 3-byte atom with a 2-byte prefix (c0 03) instead of 83.
  const auto header = read_atom_header(bytes{0xc0, 0x03, 1, 2, 3});
  EXPECT_EQ(header.status, atom_read_status::ok);
  EXPECT_EQ(header.header_bytes, 2U);
  EXPECT_EQ(header.length, 3U);
}

TEST(ReadAtomHeader, RejectsSevenLeadingOnes) {
  EXPECT_EQ(read_atom_header(bytes{0xfe, 0, 0, 0, 0, 0, 0}).status, atom_read_status::bad_length_prefix);
}

TEST(ReadAtomHeader, RejectsLengthsOf2To34OrMore) {
  // k = 6: 0xfc carries 2 length bits, 5 more bytes follow.
  EXPECT_EQ(read_atom_header(bytes{0xfc, 0x04, 0, 0, 0, 0}).status, atom_read_status::too_long);
  EXPECT_EQ(read_atom_header(bytes{0xfc, 0x03, 0xff, 0xff, 0xff, 0xff}).status, atom_read_status::truncated);
}

TEST(ReadAtomHeader, ReportsAPayloadPastTheEndAsTruncated) {
  EXPECT_EQ(read_atom_header(bytes{0x83, 1, 2}).status, atom_read_status::truncated);
  EXPECT_EQ(read_atom_header(bytes{0xc0}).status, atom_read_status::truncated);
  EXPECT_EQ(read_atom_header(bytes{}).status, atom_read_status::truncated);
}

}  // namespace
