#pragma once
// The baseline's back-reference serializer: the shared serializer with the
// baseline ReadCacheLookup (T = 3). Same interface as
// cores::clvm_backrefs::node_to_bytes_backrefs.

#include <cstdint>
#include <vector>

#include "baselines/clvm_backrefs/read_cache_lookup.hpp"
#include "cores/clvm_backrefs/node_store.hpp"
#include "cores/clvm_backrefs/serialize.hpp"

namespace baselines::clvm_backrefs {

using cores::clvm_backrefs::k_no_limit;
using cores::clvm_backrefs::node_ref;
using cores::clvm_backrefs::node_store;
using cores::clvm_backrefs::serialize_status;

// Replaces `out` with the serialization of the tree at `root`, repeated
// sub-trees written as back references. Fails cleanly (over_limit, `out`
// empty) when the output would exceed limit_bytes. The SipHash keys are random.
serialize_status node_to_bytes_backrefs(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                                        std::uint64_t limit_bytes = k_no_limit);

// The same with given SipHash keys: the output must not depend on them.
serialize_status node_to_bytes_backrefs_keyed(const node_store& store, node_ref root, sip_key key,
                                              std::vector<std::uint8_t>& out, std::uint64_t limit_bytes = k_no_limit);

}  // namespace baselines::clvm_backrefs
