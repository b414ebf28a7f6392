#include "cores/clvm_backrefs/node_to_bytes_backrefs.hpp"

#include "cores/clvm_backrefs/random_salt.hpp"
#include "cores/clvm_backrefs/serialize_backrefs.hpp"

namespace cores::clvm_backrefs {

serialize_status node_to_bytes_backrefs(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                                        std::uint64_t limit_bytes, std::uint64_t threshold) {
  return node_to_bytes_backrefs_salted(store, root, random_salt(), out, limit_bytes, threshold);
}

serialize_status node_to_bytes_backrefs_salted(const node_store& store, node_ref root, std::uint64_t salt,
                                               std::vector<std::uint8_t>& out, std::uint64_t limit_bytes,
                                               std::uint64_t threshold) {
  return serialize_with_lookup(store, root, out, limit_bytes, [&](sha256& hasher, std::size_t nodes) {
    return read_cache_lookup(hasher, threshold, salt, nodes);
  });
}

}  // namespace cores::clvm_backrefs
