// Fuzz target for the back-reference parser (harness/cases/clvm_backrefs/SPEC.md,
// "Tests"): any bytes must give a status, never a crash or an out-of-bounds
// read. Inputs that parse are checked further: the tree inflates, reparses
// plainly to the same tree hash, and every serializer (baseline, core,
// core at T = 3) writes bytes that decode back to it, with the baseline and
// core_t3 byte-identical.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "baselines/clvm_backrefs/node_to_bytes_backrefs.hpp"
#include "cores/clvm_backrefs/node_to_bytes_backrefs.hpp"
#include "cores/clvm_backrefs/parse.hpp"
#include "cores/clvm_backrefs/serialize.hpp"
#include "cores/clvm_backrefs/tree_facts.hpp"

namespace {

namespace cvm = cores::clvm_backrefs;

// Trees bigger than this when inflated are only parsed: a few bytes of back
// references can describe gigabytes.
constexpr std::uint64_t k_max_checked_plain_bytes = 1 << 16;

void require(bool condition) {
  if (!condition) std::abort();  // a fuzz finding: the harness reports the input
}

cvm::digest hash_of(const cvm::node_store& store, cvm::node_ref root, cvm::sha256& hasher) {
  const auto hash = cvm::tree_hash(store, root, hasher);
  require(hash.has_value());
  return *hash;
}

void check_serializer_output(const std::vector<std::uint8_t>& encoded, const cvm::digest& expected,
                             cvm::sha256& hasher) {
  cvm::node_store store;
  const auto decoded = cvm::node_from_bytes_backrefs(store, encoded);
  require(decoded.status == cvm::parse_status::ok && decoded.offset == encoded.size());
  require(hash_of(store, decoded.node, hasher) == expected);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> input(data, size);
  cvm::node_store decoded_store;
  const auto decoded = cvm::node_from_bytes_backrefs(decoded_store, input);
  if (decoded.status != cvm::parse_status::ok) {
    require(!cvm::describe(decoded.status).empty());
    return 0;
  }
  require(decoded.offset <= size);
  auto hasher = cvm::sha256::create();
  require(hasher.has_value());
  const auto facts = cvm::tree_facts::compute(decoded_store, decoded.node, *hasher);
  require(facts.has_value());
  if (facts->serialized_length(decoded.node) > k_max_checked_plain_bytes) return 0;

  std::vector<std::uint8_t> plain;
  require(cvm::node_to_bytes(decoded_store, decoded.node, plain) == cvm::serialize_status::ok);
  require(plain.size() == facts->serialized_length(decoded.node));
  cvm::node_store store;
  const auto reparsed = cvm::node_from_bytes(store, plain);
  require(reparsed.status == cvm::parse_status::ok && reparsed.offset == plain.size());
  const auto expected = facts->hash(decoded.node);
  require(hash_of(store, reparsed.node, *hasher) == expected);

  std::vector<std::uint8_t> baseline_out, core_out, core_t3_out;
  require(baselines::clvm_backrefs::node_to_bytes_backrefs(store, reparsed.node, baseline_out) ==
          cvm::serialize_status::ok);
  require(cvm::node_to_bytes_backrefs(store, reparsed.node, core_out) == cvm::serialize_status::ok);
  require(cvm::node_to_bytes_backrefs(store, reparsed.node, core_t3_out, cvm::k_no_limit, cvm::k_seed_threshold) ==
          cvm::serialize_status::ok);
  require(baseline_out == core_t3_out);
  require(core_out.size() <= plain.size() && baseline_out.size() <= plain.size());
  check_serializer_output(baseline_out, expected, *hasher);
  check_serializer_output(core_out, expected, *hasher);
  return 0;
}
