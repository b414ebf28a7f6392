#include "cores/clvm_backrefs/node_to_bytes_backrefs.hpp"

#include "cores/clvm_backrefs/backrefs_serializer.hpp"
#include "cores/clvm_backrefs/random_salt.hpp"

namespace cores::clvm_backrefs {

serialize_status node_to_bytes_backrefs(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                                        std::uint64_t limit_bytes, std::uint64_t threshold) {
  return node_to_bytes_backrefs_salted(store, root, random_salt(), out, limit_bytes, threshold);
}

serialize_status node_to_bytes_backrefs_salted(const node_store& store, node_ref root, std::uint64_t salt,
                                               std::vector<std::uint8_t>& out, std::uint64_t limit_bytes,
                                               std::uint64_t threshold) {
  backrefs_serializer serializer(threshold);
  return serializer.serialize_salted(store, root, salt, out, limit_bytes);
}

}  // namespace cores::clvm_backrefs
