#include "cores/clvm_backrefs/path.hpp"

#include <gtest/gtest.h>

#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

using namespace cores::clvm_backrefs;
using clvm_test::bytes;
using clvm_test::to_hex;

std::string encoded(const bytes& directions_target_first) {
  bytes out;
  encode_path(directions_target_first, out);
  return to_hex(out);
}

TEST(EncodePath, GivesTheSpecValues) {
  EXPECT_EQ(encoded({}), "01");
  EXPECT_EQ(encoded({0}), "02");
  EXPECT_EQ(encoded({1}), "03");
  EXPECT_EQ(encoded({0, 1, 1, 1}), "17");
}

TEST(EncodePath, GrowsAByteAtEightSteps) {
  EXPECT_EQ(encoded(bytes(7, 1)), "ff");
  EXPECT_EQ(encoded(bytes(8, 0)), "0100");
  EXPECT_EQ(encoded(bytes(8, 1)), "01ff");
}

TEST(PathBytes, IsTheCeilingOfStepsPlusOneOverEight) {
  EXPECT_EQ(path_bytes(0), 1U);
  EXPECT_EQ(path_bytes(7), 1U);
  EXPECT_EQ(path_bytes(8), 2U);
  EXPECT_EQ(path_bytes(15), 2U);
}

}  // namespace
