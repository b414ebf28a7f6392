#include "baselines/clvm_backrefs/read_cache_lookup.hpp"

#include <highwayhash/sip_hash.h>

#include <algorithm>
#include <limits>

#include "cores/clvm_backrefs/path.hpp"
#include "cores/clvm_backrefs/tree_facts.hpp"

namespace baselines::clvm_backrefs {

namespace cvm = cores::clvm_backrefs;

namespace {

constexpr std::uint8_t k_left = 0;
constexpr std::uint8_t k_right = 1;
constexpr std::uint64_t k_bits_per_byte = 8;
// A back reference costs the 0xFE byte and at least one path byte.
constexpr std::uint64_t k_backref_overhead_bytes = 2;

}  // namespace

std::uint64_t sip_hash(const sip_key& key, const digest& d) {
  const highwayhash::HH_U64 words[2] = {key.k0, key.k1};
  return highwayhash::SipHash13(words, reinterpret_cast<const char*>(d.data()), d.size());
}

read_cache_lookup::read_cache_lookup(sha256& hasher, sip_key key)
    : hasher_(hasher),
      key_(key),
      root_(cvm::hash_atom(hasher, {})),
      count_(next_key()),
      parents_(next_key()) {
  count_[root_] = 1;
}

sip_key read_cache_lookup::next_key() {
  const sip_key key = key_;
  ++key_.k0;
  return key;
}

void read_cache_lookup::push(const digest& item) {
  const digest new_root = cvm::hash_pair(hasher_, item, root_);
  read_stack_.emplace_back(item, root_);
  ++count_[item];
  ++count_[new_root];
  parents_[item].emplace_back(new_root, k_left);
  parents_[root_].emplace_back(new_root, k_right);
  root_ = new_root;
}

void read_cache_lookup::pop() {
  const auto [item, previous_root] = read_stack_.back();
  read_stack_.pop_back();
  --count_[item];
  --count_[root_];
  root_ = previous_root;
}

void read_cache_lookup::pop2_and_cons(const digest&) {
  const digest right = read_stack_.back().first;
  pop();
  const digest left = read_stack_.back().first;
  pop();
  ++count_[left];
  ++count_[right];
  const digest pair = cvm::hash_pair(hasher_, left, right);
  parents_[left].emplace_back(pair, k_left);
  parents_[right].emplace_back(pair, k_right);
  push(pair);
}

std::vector<std::vector<std::uint8_t>> read_cache_lookup::find_paths(const digest& target,
                                                                     std::uint64_t serialized_length) {
  std::vector<std::vector<std::uint8_t>> found;
  if (serialized_length < k_baseline_threshold) return found;
  const std::uint64_t max_bytes = serialized_length - k_backref_overhead_bytes;
  const std::uint64_t max_steps = max_bytes > std::numeric_limits<std::uint64_t>::max() / k_bits_per_byte
                                      ? std::numeric_limits<std::uint64_t>::max()
                                      : max_bytes * k_bits_per_byte - 1;

  sip_digest_map<no_value> seen(next_key());
  seen.insert(target);
  // (node, directions from the target up to the node, target-first)
  std::vector<std::pair<digest, std::vector<std::uint8_t>>> frontier{{target, {}}};
  while (!frontier.empty()) {
    std::vector<std::pair<digest, std::vector<std::uint8_t>>> next;
    for (const auto& [node, steps] : frontier) {
      if (node == root_) {
        std::vector<std::uint8_t> encoded;
        cvm::encode_path(steps, encoded);
        found.push_back(std::move(encoded));
        continue;
      }
      const auto* parents = parents_.find(node);
      if (parents == nullptr) continue;
      for (const auto& [parent, direction] : *parents) {
        const auto* count = count_.find(parent);
        if (count != nullptr && *count > 0 && !seen.contains(parent)) {
          if (steps.size() + 1 > max_steps) return found;
          auto extended = steps;
          extended.push_back(direction);
          next.emplace_back(parent, std::move(extended));
        }
        seen.insert(parent);
      }
    }
    if (!found.empty()) break;
    frontier = std::move(next);
  }
  return found;
}

bool read_cache_lookup::find_path(const digest& target, std::uint64_t serialized_length,
                                  std::vector<std::uint8_t>& path) {
  auto found = find_paths(target, serialized_length);
  if (found.empty()) return false;
  // Candidates of one level have the same length: byte order is numeric order.
  path = std::move(*std::min_element(found.begin(), found.end()));
  return true;
}

}  // namespace baselines::clvm_backrefs
