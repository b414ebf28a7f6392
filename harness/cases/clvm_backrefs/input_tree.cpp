#include "harness/cases/clvm_backrefs/input_tree.hpp"

#include "cores/clvm_backrefs/parse.hpp"
#include "cores/clvm_backrefs/serialize.hpp"
#include "cores/clvm_backrefs/tree_facts.hpp"

namespace benchgate::cases::clvm_backrefs {

namespace cvm = cores::clvm_backrefs;

namespace {

constexpr unsigned k_mib_shift = 20;

std::string parse_error(std::string_view what, const cvm::parse_result& result) {
  return std::string(what) + ": " + std::string(cvm::describe(result.status)) + " at byte " +
         std::to_string(result.offset);
}

}  // namespace

std::variant<std::shared_ptr<const input_tree>, std::string> tree_from_plain(std::vector<std::uint8_t> plain) {
  auto tree = std::make_shared<input_tree>();
  const auto parsed = cvm::node_from_bytes(tree->store, plain);
  if (parsed.status != cvm::parse_status::ok) return parse_error("not a plain CLVM serialization", parsed);
  tree->root = parsed.node;
  tree->plain = std::move(plain);
  return std::shared_ptr<const input_tree>(std::move(tree));
}

std::variant<std::shared_ptr<const input_tree>, std::string> tree_from_serialized(std::span<const std::uint8_t> bytes) {
  cvm::node_store decoded;
  const auto parsed = cvm::node_from_bytes_backrefs(decoded, bytes);
  if (parsed.status != cvm::parse_status::ok) return parse_error("not a CLVM serialization", parsed);
  // Check the inflated size first: the serialized length is computed on
  // the DAG, in time linear in its distinct nodes.
  auto hasher = cvm::sha256::create();
  if (!hasher) return std::string("OpenSSL provides no SHA-256");
  const auto facts = cvm::tree_facts::compute(decoded, parsed.node, *hasher);
  if (!facts) return std::string("OpenSSL failed to hash the tree");
  const std::uint64_t plain_bytes = facts->serialized_length(parsed.node);
  if (plain_bytes > k_max_plain_bytes) {
    return "inflates to " + std::to_string(plain_bytes >> k_mib_shift) + " MiB, more than the " +
           std::to_string(k_max_plain_bytes >> k_mib_shift) + " MiB this case handles";
  }
  std::vector<std::uint8_t> plain;
  cvm::node_to_bytes(decoded, parsed.node, plain);
  return tree_from_plain(std::move(plain));
}

}  // namespace benchgate::cases::clvm_backrefs
