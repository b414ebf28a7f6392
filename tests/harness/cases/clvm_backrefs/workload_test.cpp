#include "harness/cases/clvm_backrefs/workload.hpp"

#include <gtest/gtest.h>

#include "cores/clvm_backrefs/node_to_bytes_backrefs.hpp"
#include "harness/cases/clvm_backrefs/input_tree.hpp"
#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

namespace cvm = cores::clvm_backrefs;
using namespace benchgate::cases::clvm_backrefs;

std::shared_ptr<const input_tree> tree_of(std::vector<std::uint8_t> plain) {
  auto tree = tree_from_plain(std::move(plain));
  EXPECT_TRUE(std::holds_alternative<std::shared_ptr<const input_tree>>(tree));
  return std::get<std::shared_ptr<const input_tree>>(tree);
}

TEST(BlockGenerator, IsTheSameForTheSameSeed) {
  EXPECT_EQ(block_generator_plain(20'000, 7), block_generator_plain(20'000, 7));
  EXPECT_NE(block_generator_plain(20'000, 7), block_generator_plain(20'000, 8));
}

TEST(BlockGenerator, ReachesItsTargetWithinOneSpend) {
  for (const std::size_t target : {10'000U, 50'000U}) {
    const auto plain = block_generator_plain(target, k_workload_seed);
    EXPECT_GE(plain.size(), target);
    EXPECT_LT(plain.size(), target + 8'000);  // the largest spends are a few KB
    const auto tree = tree_of(plain);
    EXPECT_EQ(clvm_test::plain_bytes(tree->store, tree->root), plain);
  }
}

TEST(BlockGenerator, RepeatsSubTreesLikeAMainnetBlock) {
  // Mainnet generators 0 and 1 compress to 0.26 and 0.35 of their plain
  // size at T = 3; a generated 250 KB block should land in that region.
  const auto tree = tree_of(block_generator_plain(250'000, k_workload_seed));
  std::vector<std::uint8_t> out;
  ASSERT_EQ(cvm::node_to_bytes_backrefs(tree->store, tree->root, out, cvm::k_no_limit, cvm::k_seed_threshold),
            cvm::serialize_status::ok);
  const double ratio = static_cast<double>(out.size()) / static_cast<double>(tree->plain.size());
  EXPECT_GT(ratio, 0.15);
  EXPECT_LT(ratio, 0.5);
}

TEST(DeepChain, Of711PairsIsLaidOutLike2Generator) {
  // ff 04, 711 x ff, 81 cb 07, 710 x 80 (data/README.md).
  const auto plain = deep_chain_plain(711);
  ASSERT_EQ(plain.size(), 2U + 711 + 3 + 710);
  EXPECT_EQ(clvm_test::to_hex({plain.begin(), plain.begin() + 3}), "ff04ff");
  EXPECT_EQ(clvm_test::to_hex({plain.begin() + 713, plain.begin() + 717}), "81cb0780");
  EXPECT_EQ(plain.back(), 0x80);
}

// The same chain against the real file; a visible skip without the data.
TEST(DeepChain, Of711PairsIsByteForByte2Generator) {
  const auto dir = clvm_test::data_dir();
  if (!dir) GTEST_SKIP() << "BENCHGATE_DATA_DIR is not set: no clvm/2.generator to compare with";
  EXPECT_EQ(deep_chain_plain(711), clvm_test::read_file(*dir / "clvm" / "2.generator"));
}

TEST(DeepChain, ParsesAsOneChainOfPairs) {
  const auto tree = tree_of(deep_chain_plain(1000));
  EXPECT_EQ(tree->store.pair_count(), 1001U);
}

TEST(GeneratedWorkloads, AreTheFourNamedOnes) {
  const std::vector<std::string> expected = {"block_10k", "block_250k", "block_1m", "deep_chain"};
  EXPECT_EQ(generated_workload_names(), expected);
  const auto small = make_generated_workload("block_10k");
  ASSERT_TRUE(small.has_value());
  EXPECT_GE(small->plain.size(), 10'000U);
  EXPECT_FALSE(make_generated_workload("block_2k").has_value());
}

TEST(TreeFromSerialized, InflatesBackReferences) {
  const auto tree = tree_from_serialized(clvm_test::from_hex("ff83666f6ffe02"));
  ASSERT_TRUE(std::holds_alternative<std::shared_ptr<const input_tree>>(tree));
  EXPECT_EQ(clvm_test::to_hex(std::get<std::shared_ptr<const input_tree>>(tree)->plain), "ff83666f6f83666f6f");
}

TEST(TreeFromSerialized, NamesTheParseErrorAndWhere) {
  const auto tree = tree_from_serialized(clvm_test::from_hex("ff83666f6ffe04"));
  ASSERT_TRUE(std::holds_alternative<std::string>(tree));
  EXPECT_EQ(std::get<std::string>(tree), "not a CLVM serialization: bad back reference: the path steps into an atom at byte 5");
}

TEST(TreeFromSerialized, RefusesAnInputThatInflatesBeyondTheLimit) {
  // 40 nested (x . x) via back references: 2^40 leaves.
  std::vector<std::uint8_t> bomb(40, 0xff);
  bomb.insert(bomb.end(), {0x82, 0x61, 0x62});
  for (int i = 0; i < 40; ++i) bomb.insert(bomb.end(), {0xfe, 0x02});
  const auto tree = tree_from_serialized(bomb);
  ASSERT_TRUE(std::holds_alternative<std::string>(tree));
  EXPECT_NE(std::get<std::string>(tree).find("MiB, more than the 256 MiB this case handles"), std::string::npos);
}

}  // namespace
