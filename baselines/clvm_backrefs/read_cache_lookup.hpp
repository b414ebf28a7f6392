#pragma once
// The baseline ReadCacheLookup: clvm_rs src/serde/read_cache_lookup.rs
// before the PR "Optimize ReadCacheLookup, 6.7 speed-up"
// (cases/clvm_backrefs.md, "ReadCacheLookup" and "Baseline vs core"):
//   - hash maps keyed by the 32-byte tree hash, hashed with SipHash-1-3
//     under a random 128-bit key per map, as Rust's default HashMap
//     (RandomState: random keys per thread, k0 incremented per new map);
//   - no pre-allocation; every find_path builds its own set and frontiers;
//   - paths as one byte per step, copied at every step;
//   - threshold T = 3.
// std::unordered_map stands in for Rust's HashMap (a SwissTable); being
// node-based, it also allocates per entry.

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "cores/clvm_backrefs/sha256.hpp"

namespace baselines::clvm_backrefs {

using cores::clvm_backrefs::digest;
using cores::clvm_backrefs::sha256;

// A SipHash-1-3 key (Aumasson and Bernstein, "SipHash: a fast short-input
// PRF", 2012; the 1-3 variant is Rust's std default).
struct sip_key {
  std::uint64_t k0 = 0;
  std::uint64_t k1 = 0;
};

// SipHash-1-3 of the digest's 32 bytes under a key (highwayhash::SipHash13).
class sip_digest_hash {
 public:
  explicit sip_digest_hash(sip_key key = {}) : key_(key) {}
  std::size_t operator()(const digest& d) const;

 private:
  sip_key key_;
};

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
  using digest_map_hash = sip_digest_hash;
  sip_key next_key();

  sha256& hasher_;
  sip_key key_;
  digest root_;
  std::vector<std::pair<digest, digest>> read_stack_;  // (item, previous root)
  std::unordered_map<digest, std::uint32_t, digest_map_hash> count_;
  std::unordered_map<digest, std::vector<std::pair<digest, std::uint8_t>>, digest_map_hash> parents_;
};

}  // namespace baselines::clvm_backrefs
