// The real mainnet generators in BENCHGATE_DATA_DIR/clvm (the real inputs):
// skipped when the folder is not given.

#include <gtest/gtest.h>

#include "cores/clvm_backrefs/node_to_bytes_backrefs.hpp"
#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

using namespace cores::clvm_backrefs;
using clvm_test::bytes;

struct inflated_input {
  bytes original;
  bytes plain;
};

// Reads clvm/NAME, parses it with back references and writes it plainly.
std::optional<inflated_input> inflate(const std::string& name) {
  const auto dir = clvm_test::data_dir();
  if (!dir) return std::nullopt;
  inflated_input input;
  input.original = clvm_test::read_file(*dir / "clvm" / name);
  node_store store;
  const auto parsed = node_from_bytes_backrefs(store, input.original);
  EXPECT_EQ(parsed.status, parse_status::ok) << describe(parsed.status);
  EXPECT_EQ(parsed.offset, input.original.size());
  input.plain = clvm_test::plain_bytes(store, parsed.node);
  return input;
}

class RealGenerator : public testing::TestWithParam<std::string> {};

TEST_P(RealGenerator, CoreAtThresholdThreeReproducesTheFileAndTheCoreRoundTrips) {
  const auto input = inflate(GetParam());
  if (!input) GTEST_SKIP() << "BENCHGATE_DATA_DIR is not set";
  node_store store;
  const auto root = clvm_test::parse_plain(store, input->plain);
  bytes t3;
  ASSERT_EQ(node_to_bytes_backrefs(store, root, t3, k_no_limit, k_seed_threshold), serialize_status::ok);
  if (GetParam() != "2.generator") {
    // 2.generator is hand-made; 0 and 1 were written by clvm_rs at T = 3.
    EXPECT_EQ(t3, input->original);
  }
  bytes t4;
  ASSERT_EQ(node_to_bytes_backrefs(store, root, t4), serialize_status::ok);
  EXPECT_LE(t4.size(), input->plain.size());
  node_store decoded_store;
  const auto decoded = node_from_bytes_backrefs(decoded_store, t4);
  ASSERT_EQ(decoded.status, parse_status::ok);
  EXPECT_EQ(clvm_test::hash_of(decoded_store, decoded.node), clvm_test::hash_of(store, root));
}

INSTANTIATE_TEST_SUITE_P(Mainnet, RealGenerator, testing::Values("0.generator", "1.generator", "2.generator"),
                         [](const auto& info) { return info.param.substr(0, 1); });

}  // namespace
