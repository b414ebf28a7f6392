#include "cores/clvm_backrefs/backrefs_serializer.hpp"

#include "cores/clvm_backrefs/serialize_backrefs.hpp"

namespace cores::clvm_backrefs {

backrefs_serializer::backrefs_serializer(std::uint64_t threshold)
    : threshold_(threshold), hasher_(sha256::create()) {}

serialize_status backrefs_serializer::serialize(const node_store& store, node_ref root,
                                                std::vector<std::uint8_t>& out, std::uint64_t limit_bytes) {
  return serialize_salted(store, root, salts_.next(), out, limit_bytes);
}

serialize_status backrefs_serializer::serialize_salted(const node_store& store, node_ref root, std::uint64_t salt,
                                                       std::vector<std::uint8_t>& out, std::uint64_t limit_bytes) {
  out.clear();
  if (!hasher_ || !hasher_->ok() || !facts_.recompute(store, root, *hasher_)) return serialize_status::hash_failed;
  const std::size_t expected = read_cache_lookup::expected_digests_for(facts_.node_count());
  if (lookup_) {
    lookup_->reset(salt, expected);
  } else {
    lookup_.emplace(*hasher_, threshold_, salt, expected);
  }
  const auto status = node_to_bytes_backrefs_with(*lookup_, store, root, facts_, out, limit_bytes);
  if (!hasher_->ok()) {
    out.clear();
    return serialize_status::hash_failed;
  }
  return status;
}

}  // namespace cores::clvm_backrefs
