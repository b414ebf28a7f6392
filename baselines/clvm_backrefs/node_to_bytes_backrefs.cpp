#include "baselines/clvm_backrefs/node_to_bytes_backrefs.hpp"

#include "cores/clvm_backrefs/random_salt.hpp"
#include "cores/clvm_backrefs/serialize_backrefs.hpp"

namespace baselines::clvm_backrefs {

serialize_status node_to_bytes_backrefs(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                                        std::uint64_t limit_bytes) {
  const sip_key key{cores::clvm_backrefs::random_salt(), cores::clvm_backrefs::random_salt()};
  return node_to_bytes_backrefs_keyed(store, root, key, out, limit_bytes);
}

serialize_status node_to_bytes_backrefs_keyed(const node_store& store, node_ref root, sip_key key,
                                              std::vector<std::uint8_t>& out, std::uint64_t limit_bytes) {
  return cores::clvm_backrefs::serialize_with_lookup(
      store, root, out, limit_bytes,
      [&](cores::clvm_backrefs::sha256& hasher, std::size_t) { return read_cache_lookup(hasher, key); });
}

}  // namespace baselines::clvm_backrefs
