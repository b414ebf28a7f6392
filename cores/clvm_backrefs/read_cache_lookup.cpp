#include "cores/clvm_backrefs/read_cache_lookup.hpp"

#include <algorithm>
#include <limits>

#include "cores/clvm_backrefs/path.hpp"
#include "cores/clvm_backrefs/tree_facts.hpp"

namespace cores::clvm_backrefs {

namespace {

// Tables are sized for one digest per 4 tree nodes: where sub-trees repeat,
// most nodes sit under back references and are never pushed (the mainnet
// generators 0 and 1 make 0.18 and 0.23 digests per node). Trees without
// repetition make about 2 per node; the tables then grow a few times.
constexpr std::size_t k_nodes_per_digest = 4;
constexpr std::uint64_t k_bits_per_byte = 8;
// A back reference costs the 0xFE byte and at least one path byte.
constexpr std::uint64_t k_backref_overhead_bytes = 2;

// The longest path worth writing for a node of `serialized_length` bytes
// (clvm_rs find_paths): its encoding must leave at least one byte saved.
std::uint64_t max_path_steps(std::uint64_t serialized_length) {
  const std::uint64_t max_bytes = serialized_length - k_backref_overhead_bytes;
  if (max_bytes > std::numeric_limits<std::uint64_t>::max() / k_bits_per_byte) {
    return std::numeric_limits<std::uint64_t>::max();
  }
  return max_bytes * k_bits_per_byte - 1;
}

}  // namespace

read_cache_lookup::read_cache_lookup(sha256& hasher, std::uint64_t threshold, std::uint64_t salt,
                                     std::size_t expected_digests)
    : hasher_(hasher),
      threshold_(std::max(threshold, k_seed_threshold)),
      nil_hash_(hash_atom(hasher, {})),
      table_(salt, 0) {
  reset(salt, expected_digests);
}

void read_cache_lookup::reset(std::uint64_t salt, std::size_t expected_digests) {
  table_.reset(salt, expected_digests);
  records_.clear();
  records_.reserve(expected_digests);
  parent_pool_.clear();
  parent_pool_.reserve(expected_digests);
  read_stack_.clear();
  frontier_.clear();
  stamp_ = 0;
  // The stack object starts as nil, referenced once.
  root_ = intern(nil_hash_);
  records_[root_].count = 1;
}

std::size_t read_cache_lookup::expected_digests_for(std::size_t tree_nodes) {
  return tree_nodes / k_nodes_per_digest;
}

std::uint32_t read_cache_lookup::intern(const digest& key) {
  const std::uint32_t id = table_.intern(key);
  if (id == records_.size()) records_.emplace_back();
  return id;
}

void read_cache_lookup::add_parent(std::uint32_t child, std::uint32_t parent, bool right) {
  const std::uint32_t entry = parent | (right ? k_right_bit : 0);
  node_record& record = records_[child];
  if (record.parents == 0) {
    record.first_parent = entry;
  } else {
    const std::size_t position = (record.parents - 1) % k_chunk_entries;
    if (position == 0) {
      const auto chunk = static_cast<std::uint32_t>(parent_pool_.size());
      parent_pool_.resize(parent_pool_.size() + 1 + k_chunk_entries, 0);
      if (record.parents == 1) {
        record.head_chunk = chunk;
      } else {
        parent_pool_[record.tail_chunk] = chunk;
      }
      record.tail_chunk = chunk;
    }
    parent_pool_[record.tail_chunk + 1 + position] = entry;
  }
  ++record.parents;
}

void read_cache_lookup::push_id(std::uint32_t item, const digest& item_hash) {
  // The new stack object (item . old stack). Its hash is its identity: it
  // may equal a node of the tree, so it cannot be replaced by a counter.
  const digest old_root = table_.key(root_);
  const std::uint32_t new_root = intern(hash_pair(hasher_, item_hash, old_root));
  read_stack_.push_back({item, root_});
  ++records_[item].count;
  ++records_[new_root].count;
  add_parent(item, new_root, false);
  add_parent(root_, new_root, true);
  root_ = new_root;
}

void read_cache_lookup::push(const digest& item) { push_id(intern(item), item); }

read_cache_lookup::stack_entry read_cache_lookup::pop_entry() {
  const stack_entry top = read_stack_.back();
  read_stack_.pop_back();
  --records_[top.item].count;
  --records_[root_].count;
  root_ = top.previous_root;
  return top;
}

void read_cache_lookup::pop() { pop_entry(); }

void read_cache_lookup::pop2_and_cons(const digest& pair_hash) {
  const std::uint32_t right = pop_entry().item;
  const std::uint32_t left = pop_entry().item;
  ++records_[left].count;
  ++records_[right].count;
  const std::uint32_t pair = intern(pair_hash);
  add_parent(left, pair, false);
  add_parent(right, pair, true);
  push_id(pair, pair_hash);
}

std::size_t read_cache_lookup::parent_entries() const {
  std::size_t total = 0;
  for (const auto& record : records_) total += record.parents;
  return total;
}

std::uint32_t read_cache_lookup::next_stamp() {
  if (stamp_ == std::numeric_limits<std::uint32_t>::max()) {
    for (auto& record : records_) record.seen = 0;
    stamp_ = 0;
  }
  return ++stamp_;
}

void read_cache_lookup::write_path(std::uint32_t link, std::uint64_t steps, std::vector<std::uint8_t>& path) const {
  path.assign(path_bytes(steps), 0);
  // Walking back from the root meets the root-side step first: bit 0.
  std::size_t bit = 0;
  for (; link != k_none; link = frontier_[link & k_index_mask].link) {
    if ((link & k_right_bit) != 0) set_path_bit(path, bit);
    ++bit;
  }
  set_path_bit(path, bit);
}

bool read_cache_lookup::find_path(const digest& target, std::uint64_t serialized_length,
                                  std::vector<std::uint8_t>& path) {
  if (serialized_length < threshold_) return false;
  // A digest never pushed has no parents and is not the root: no path.
  const std::uint32_t start = table_.find(target);
  if (start == digest_table::k_absent) return false;
  const std::uint64_t max_steps = max_path_steps(serialized_length);
  const std::uint32_t stamp = next_stamp();

  // Breadth-first from the target up to the root, level by level, in the
  // order of the parent lists (the output depends on it), as clvm_rs does.
  // The root is (top item . stack below it): an entry equal to either is
  // one step from the root.
  const bool stack_empty = read_stack_.empty();
  const std::uint32_t top_item = stack_empty ? k_none : read_stack_.back().item;
  const std::uint32_t below_top = stack_empty ? k_none : read_stack_.back().previous_root;
  records_[start].seen = stamp;
  frontier_.clear();
  frontier_.push_back({start, k_none});
  std::size_t level_begin = 0;
  std::uint64_t depth = 0;
  auto visit = [&](std::uint32_t entry, std::size_t from) -> bool {
    const std::uint32_t parent = entry & k_index_mask;
    node_record& record = records_[parent];
    if (record.count > 0 && record.seen != stamp) {
      if (depth + 1 > max_steps) return false;
      frontier_.push_back({parent, static_cast<std::uint32_t>(from) | (entry & k_right_bit)});
    }
    record.seen = stamp;
    return true;
  };
  while (level_begin < frontier_.size()) {
    const std::size_t level_end = frontier_.size();
    for (std::size_t i = level_begin; i < level_end; ++i) {
      const std::uint32_t node = frontier_[i].id;
      if (node == root_) {
        // The root enters the frontier at most once (it is then seen), so
        // this is the only path of this length: clvm_rs's "smallest of the
        // paths found" has a single candidate.
        write_path(frontier_[i].link, depth, path);
        return true;
      }
      if ((node == top_item || node == below_top) && records_[root_].seen != stamp) {
        // The root is among this entry's parents and not yet in the
        // frontier (it enters once), so the search would add it next level
        // through this entry: as left child first when node is the top item
        // (push and cons append the left link first). Scanning this entry's
        // parents can only end the search early if even one more step is too
        // long; the next level only if two more are. Otherwise the answer is
        // known now, without scanning long parent lists.
        if (depth + 1 > max_steps) return false;
        if (depth + 2 <= max_steps) {
          write_path(static_cast<std::uint32_t>(i) | (node == top_item ? 0 : k_right_bit), depth + 1, path);
          return true;
        }
      }
      const node_record& record = records_[node];
      std::uint32_t remaining = record.parents;
      if (remaining == 0) continue;
      if (!visit(record.first_parent, i)) return false;
      --remaining;
      for (std::uint32_t chunk = record.head_chunk; remaining > 0; chunk = parent_pool_[chunk]) {
        const auto take = static_cast<std::uint32_t>(std::min<std::size_t>(remaining, k_chunk_entries));
        for (std::uint32_t j = 0; j < take; ++j) {
          if (!visit(parent_pool_[chunk + 1 + j], i)) return false;
        }
        remaining -= take;
      }
    }
    level_begin = level_end;
    ++depth;
  }
  return false;
}

}  // namespace cores::clvm_backrefs
