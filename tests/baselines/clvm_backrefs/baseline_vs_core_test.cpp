// The baseline serializer, and the differential test the spec asks for:
// baseline and core_t3 (the core at T = 3) write identical bytes on every
// input; the baseline reproduces the real generators byte for byte.

#include <gtest/gtest.h>

#include "baselines/clvm_backrefs/node_to_bytes_backrefs.hpp"
#include "cores/clvm_backrefs/node_to_bytes_backrefs.hpp"
#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

namespace core = cores::clvm_backrefs;
namespace baseline = baselines::clvm_backrefs;
using clvm_test::bytes;
using clvm_test::from_hex;
using clvm_test::to_hex;

constexpr std::size_t k_random_trees = 60;
constexpr std::size_t k_random_steps = 2000;
constexpr std::size_t k_random_max_plain_bytes = 30'000;
// The baseline's search is quadratic on a chain that repeats one atom: each
// lookup walks every earlier occurrence. Deep enough to matter, fast enough
// for CI.
constexpr std::size_t k_chain_depth = 1'500;

bytes baseline_bytes(const bytes& plain, baseline::sip_key key = {3, 4}) {
  core::node_store store;
  const auto root = clvm_test::parse_plain(store, plain);
  bytes out;
  EXPECT_EQ(baseline::node_to_bytes_backrefs_keyed(store, root, key, out), core::serialize_status::ok);
  return out;
}

bytes core_t3_bytes(const bytes& plain) {
  core::node_store store;
  const auto root = clvm_test::parse_plain(store, plain);
  bytes out;
  EXPECT_EQ(core::node_to_bytes_backrefs(store, root, out, core::k_no_limit, core::k_seed_threshold),
            core::serialize_status::ok);
  return out;
}

TEST(BaselineNodeToBytesBackrefs, WritesTheSpecVectors) {
  EXPECT_EQ(to_hex(baseline_bytes(from_hex("ff83666f6f83666f6f"))), "ff83666f6ffe02");
  EXPECT_EQ(to_hex(baseline_bytes(from_hex("ff86666f6f626172ff86666f6f62617280"))), "ff86666f6f626172fe01");
  EXPECT_EQ(to_hex(baseline_bytes(from_hex("ffff01ff02ff03ff0480ff01ff02ff03ff0480"))), "ffff01ff02ff03ff0480fe02");
}

TEST(BaselineNodeToBytesBackrefs, WritesTheFifteenByteL3AndFailsUnderALimitOf14) {
  core::node_store store;
  auto node = *store.new_atom(from_hex("0102030405"));
  for (int level = 0; level < 3; ++level) node = *store.new_pair(node, node);
  bytes out;
  ASSERT_EQ(baseline::node_to_bytes_backrefs(store, node, out), core::serialize_status::ok);
  EXPECT_EQ(to_hex(out), "ffffff850102030405fe02fe02fe02");
  EXPECT_EQ(baseline::node_to_bytes_backrefs(store, node, out, 14), core::serialize_status::over_limit);
  EXPECT_TRUE(out.empty());
}

TEST(BaselineNodeToBytesBackrefs, EqualsCoreT3ByteForByteOnRandomTrees) {
  for (std::uint64_t seed = 1; seed <= k_random_trees; ++seed) {
    const auto plain = clvm_test::random_tree_plain(seed * 7919, k_random_steps, k_random_max_plain_bytes);
    const auto expected = baseline_bytes(plain);
    ASSERT_EQ(core_t3_bytes(plain), expected) << "seed " << seed;
    EXPECT_EQ(baseline_bytes(plain, {~0ULL, 99}), expected) << "seed " << seed;
    EXPECT_LE(expected.size(), plain.size());
  }
}

TEST(BaselineNodeToBytesBackrefs, EqualsCoreT3OnADeepChain) {
  bytes plain(k_chain_depth, 0xff);
  plain.push_back(0x04);
  for (std::size_t i = 0; i < k_chain_depth; ++i) plain.insert(plain.end(), {0x82, 0x01, 0x02});
  EXPECT_EQ(core_t3_bytes(plain), baseline_bytes(plain));
}

class RealGeneratorBaseline : public testing::TestWithParam<std::string> {};

// The normal build runs this; a sanitizer build skips it. The baseline's
// search allocates a vector per step of every path it tries, so the two
// generators take 80 s of CPU under ASan (8 s without), for code that the
// random trees and the deep chain above already run under ASan; the real
// generators' parser runs there in RealGenerator (real_generators_test.cpp).
TEST_P(RealGeneratorBaseline, ReproducesTheFileFromItsInflatedForm) {
#ifdef BENCHGATE_SANITIZED
  GTEST_SKIP() << "a sanitizer build: the normal build reproduces the real generators with the baseline";
#endif
  const auto dir = clvm_test::data_dir();
  if (!dir) GTEST_SKIP() << "BENCHGATE_DATA_DIR is not set";
  const auto original = clvm_test::read_file(*dir / "clvm" / GetParam());
  core::node_store decoded_store;
  const auto decoded = core::node_from_bytes_backrefs(decoded_store, original);
  ASSERT_EQ(decoded.status, core::parse_status::ok);
  const auto plain = clvm_test::plain_bytes(decoded_store, decoded.node);
  EXPECT_EQ(baseline_bytes(plain), original);
}

INSTANTIATE_TEST_SUITE_P(Mainnet, RealGeneratorBaseline, testing::Values("0.generator", "1.generator"),
                         [](const auto& info) { return info.param.substr(0, 1); });

}  // namespace
