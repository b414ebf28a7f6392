#pragma once
// The core's back-reference serializer (harness/cases/clvm_backrefs/SPEC.md, "Baseline
// vs core"): the shared serializer with the core's ReadCacheLookup.
// baselines::clvm_backrefs::node_to_bytes_backrefs has the same interface.

#include <cstdint>
#include <vector>

#include "cores/clvm_backrefs/node_store.hpp"
#include "cores/clvm_backrefs/read_cache_lookup.hpp"
#include "cores/clvm_backrefs/serialize.hpp"

namespace cores::clvm_backrefs {

// Replaces `out` with the serialization of the tree at `root`, repeated
// sub-trees written as back references (nodes shorter than `threshold`
// bytes never are). Fails cleanly (status over_limit, `out` empty) when the
// output would exceed limit_bytes. The table salt is random.
serialize_status node_to_bytes_backrefs(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                                        std::uint64_t limit_bytes = k_no_limit,
                                        std::uint64_t threshold = k_core_threshold);

// The same with a given table salt: the output must not depend on it.
serialize_status node_to_bytes_backrefs_salted(const node_store& store, node_ref root, std::uint64_t salt,
                                               std::vector<std::uint8_t>& out, std::uint64_t limit_bytes = k_no_limit,
                                               std::uint64_t threshold = k_core_threshold);

}  // namespace cores::clvm_backrefs
