#pragma once
// The core's ReadCacheLookup: the serializer's model of the deserializer's
// parse stack (harness/cases/clvm_backrefs/SPEC.md, "ReadCacheLookup"; clvm_rs
// src/serde/read_cache_lookup.rs after the PR "Optimize ReadCacheLookup, 6.7
// speed-up"). Same results as the baseline at the same threshold; faster by:
//   - one salted open-addressing table numbers the digests (no SipHash, no
//     per-entry allocation); counts, parent lists and BFS marks are vectors
//     indexed by those ids;
//   - everything is allocated once per serialization and reused: the
//     "seen" set is a stamp per id, the BFS frontier one vector;
//   - paths are never copied: a BFS entry links to the entry it came from,
//     and only paths that reach the root are written out, as bits;
//   - early exit for nodes shorter than the threshold (T = 4 in the core,
//     T = 3 to match the baseline byte for byte);
//   - pop2_and_cons takes the pair's hash from the caller instead of
//     hashing again;
//   - the search stops at a node one step below the root (the top item or
//     the stack under it) when the result can no longer change, instead of
//     scanning that node's parent list (thousands long for common atoms).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cores/clvm_backrefs/digest_table.hpp"
#include "cores/clvm_backrefs/sha256.hpp"

namespace cores::clvm_backrefs {

// The PR's early-exit threshold: nodes whose serialized length is below it
// are never looked up (a back reference of 3 bytes saves nothing on them).
inline constexpr std::uint64_t k_core_threshold = 4;
// The threshold before the PR (the baseline's): core_t3 uses it.
inline constexpr std::uint64_t k_seed_threshold = 3;

class read_cache_lookup {
 public:
  // An empty stack (the stack object is nil). `hasher` must outlive the
  // lookup. threshold < 3 counts as 3 (a back reference takes 2 bytes at
  // least). `salt` moves the table's buckets, never the results.
  // `expected_digests` sizes the tables up front (they grow beyond it);
  // expected_digests_for() estimates it from a tree's node count.
  read_cache_lookup(sha256& hasher, std::uint64_t threshold, std::uint64_t salt, std::size_t expected_digests);

  // Back to an empty stack with a new salt, keeping the memory of earlier
  // use (sized for at least `expected_digests`).
  void reset(std::uint64_t salt, std::size_t expected_digests);

  // A table size for serializing a tree of `tree_nodes` distinct nodes.
  static std::size_t expected_digests_for(std::size_t tree_nodes);

  void push(const digest& item);
  // Precondition: the stack is not empty.
  void pop();
  // Precondition: two items on the stack; pair_hash = SHA256(02 || L || R).
  void pop2_and_cons(const digest& pair_hash);

  // Replaces `path` with the encoded path to `target` and returns true, or
  // returns false (path unchanged) when the node is below the threshold, is
  // not reachable from the stack, or every path is too long to save bytes
  // (more than 8 * (serialized_length - 2) - 1 steps).
  bool find_path(const digest& target, std::uint64_t serialized_length, std::vector<std::uint8_t>& path);

  // Distinct digests seen so far (items, stack objects, pairs).
  std::size_t digest_count() const { return table_.size(); }
  // Parent-list entries stored so far (two per push, two per cons).
  std::size_t parent_entries() const;

 private:
  static constexpr std::uint32_t k_right_bit = 0x8000'0000U;  // in a parent or frontier link
  static constexpr std::uint32_t k_index_mask = k_right_bit - 1;
  static constexpr std::uint32_t k_none = UINT32_MAX;
  static constexpr std::size_t k_chunk_entries = 7;           // + 1 link = 32 bytes

  // Per digest id. The first parent is inline (most digests have one or
  // two); the rest go to chunks in parent_pool_.
  struct node_record {
    std::uint32_t count = 0;       // references from the live stack object
    std::uint32_t seen = 0;        // == stamp_: seen by the current search
    std::uint32_t parents = 0;     // number of (parent, direction) entries
    std::uint32_t first_parent = 0;
    std::uint32_t head_chunk = 0;  // offset in parent_pool_ of the first chunk
    std::uint32_t tail_chunk = 0;
  };
  struct frontier_entry {
    std::uint32_t id;
    std::uint32_t link;  // index of the entry it came from | k_right_bit, or k_none
  };
  struct stack_entry {
    std::uint32_t item;
    std::uint32_t previous_root;
  };

  std::uint32_t intern(const digest& key);
  void push_id(std::uint32_t item, const digest& item_hash);
  stack_entry pop_entry();
  void add_parent(std::uint32_t child, std::uint32_t parent, bool right);
  std::uint32_t next_stamp();
  // Replaces `path` with the encoding of the `steps`-step path whose
  // root-side step is `link` (a frontier link), following the links back to
  // the target.
  void write_path(std::uint32_t link, std::uint64_t steps, std::vector<std::uint8_t>& path) const;

  sha256& hasher_;
  std::uint64_t threshold_;
  digest nil_hash_;
  digest_table table_;
  std::vector<node_record> records_;
  std::vector<std::uint32_t> parent_pool_;  // chunks: link, then k_chunk_entries entries
  std::vector<stack_entry> read_stack_;
  std::vector<frontier_entry> frontier_;
  std::uint32_t root_ = 0;
  std::uint32_t stamp_ = 0;
};

}  // namespace cores::clvm_backrefs
