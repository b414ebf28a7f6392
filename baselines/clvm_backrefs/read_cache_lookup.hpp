#pragma once
// The baseline ReadCacheLookup: clvm_rs src/serde/read_cache_lookup.rs
// before the PR "Optimize ReadCacheLookup, 6.7 speed-up"
// (harness/cases/clvm_backrefs/SPEC.md, "ReadCacheLookup" and "Baseline vs core"):
//   - hash maps keyed by the 32-byte tree hash, hashed with SipHash-1-3
//     under a random 128-bit key per map, as Rust's default HashMap
//     (RandomState: random keys, k0 incremented per new map); the maps are
//     SwissTable-like like Rust's (sip_digest_map.hpp);
//   - no pre-allocation; every find_path builds its own set and frontiers;
//   - paths as one byte per step, copied at every step;
//   - threshold T = 3.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "baselines/clvm_backrefs/sip_digest_map.hpp"
#include "cores/clvm_backrefs/sha256.hpp"

namespace baselines::clvm_backrefs {

using cores::clvm_backrefs::digest;
using cores::clvm_backrefs::sha256;

// The threshold before the PR.
inline constexpr std::uint64_t k_baseline_threshold = 3;

class read_cache_lookup {
 public:
  // An empty stack (the stack object is nil). `hasher` must outlive the
  // lookup. `key` seeds the keys of every map the lookup makes.
  read_cache_lookup(sha256& hasher, sip_key key);

  void push(const digest& item);
  // Precondition: the stack is not empty.
  void pop();
  // Precondition: two items on the stack. The baseline hashes (L . R)
  // itself, as the seed did; pair_hash is not used.
  void pop2_and_cons(const digest& pair_hash);

  // Replaces `path` with the encoded path to `target` and returns true, or
  // returns false: below the threshold, unreachable, or too long to save.
  bool find_path(const digest& target, std::uint64_t serialized_length, std::vector<std::uint8_t>& path);

  // Every shortest path (encoded), in discovery order: the candidates
  // find_path picks the smallest of.
  std::vector<std::vector<std::uint8_t>> find_paths(const digest& target, std::uint64_t serialized_length);

 private:
  sip_key next_key();

  sha256& hasher_;
  sip_key key_;
  digest root_;
  std::vector<std::pair<digest, digest>> read_stack_;  // (item, previous root)
  sip_digest_map<std::uint32_t> count_;
  sip_digest_map<std::vector<std::pair<digest, std::uint8_t>>> parents_;
};

}  // namespace baselines::clvm_backrefs
