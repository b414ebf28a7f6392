#include "harness/cases/clvm_backrefs/workload.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <span>

#include "cores/clvm_backrefs/atom_encoding.hpp"
#include "cores/clvm_backrefs/node_store.hpp"
#include "cores/clvm_backrefs/serialize.hpp"
#include "benchgate/rng.hpp"

namespace benchgate::cases::clvm_backrefs {

namespace {

namespace cvm = cores::clvm_backrefs;
using cvm::node_ref;

constexpr std::size_t k_block_10k_bytes = 10'000;
constexpr std::size_t k_block_250k_bytes = 250'000;
constexpr std::size_t k_block_1m_bytes = 1'000'000;
// 2.generator nests 711 pairs; the case goes deeper (as deep as the tests).
constexpr std::size_t k_deep_chain_depth = 100'000;

// CLVM operators and condition codes used in the trees (chia
// condition_codes.py, clvm operators.py).
constexpr std::uint8_t k_op_quote = 0x01;
constexpr std::uint8_t k_op_apply = 0x02;
constexpr std::uint8_t k_op_cons = 0x04;
constexpr std::uint8_t k_env_whole = 0x01;
constexpr std::uint8_t k_cond_agg_sig_me = 50;
constexpr std::uint8_t k_cond_create_coin = 51;
constexpr std::uint8_t k_max_operator = 0x3f;

constexpr std::size_t k_coin_id_bytes = 32;
constexpr std::size_t k_puzzle_hash_bytes = 32;
constexpr std::size_t k_public_key_bytes = 48;   // BLS G1 element
constexpr std::size_t k_signed_message_bytes = 32;
constexpr std::size_t k_max_amount_bytes = 6;
constexpr std::size_t k_max_constant_bytes = 32;

// Module sizes (serialized bytes) and popularity weights (percent of
// spends), after the modules of mainnet generators 0 and 1. Module 0 is the
// standard puzzle; the others wrap an inner standard puzzle.
struct module_spec {
  std::size_t bytes;
  unsigned weight_pct;
};
constexpr std::array<module_spec, 12> k_modules = {{
    {227, 50}, {1168, 10}, {496, 8}, {1672, 8}, {967, 7}, {79, 4},
    {65, 3}, {137, 3}, {19, 2}, {418, 2}, {1420, 2}, {300, 1},
}};
// Functions shared by several modules (curried in as constants), in bytes.
constexpr std::array<std::size_t, 4> k_library_bytes = {120, 90, 60, 150};

// Chances, in percent, that drive repetition.
constexpr unsigned k_new_key_pct = 35;          // else reuse a key: ~2.9 spends per key
constexpr unsigned k_new_parent_pct = 94;       // parents are nearly unique
constexpr unsigned k_new_puzzle_hash_pct = 60;  // payees repeat
constexpr unsigned k_signature_pct = 30;        // an AGG_SIG_ME condition
constexpr unsigned k_quoted_constant_pct = 15;  // in random code
constexpr unsigned k_percent = 100;
constexpr unsigned k_max_create_coins = 3;
constexpr unsigned k_max_arguments = 4;
// Below this budget an expression is a leaf (an environment path).
constexpr std::uint64_t k_min_expression_bytes = 6;
// An operator list costs its operator atom, one pair marker per item and
// the closing nil: 3 bytes before its arguments' pair markers.
constexpr std::uint64_t k_operator_list_overhead_bytes = 3;
// Environment paths used as leaves: 2 (first argument) and up.
constexpr std::uint8_t k_first_env_path = 2;

// Builds trees in a node store and tracks each node's serialized length.
class tree_builder {
 public:
  explicit tree_builder(std::uint64_t seed) : rng_(seed) {}

  cvm::node_store& store() { return store_; }
  benchgate::splitmix64& rng() { return rng_; }
  bool chance(unsigned pct) { return rng_.below(k_percent) < pct; }

  node_ref atom(std::span<const std::uint8_t> bytes) {
    const node_ref node = *store_.new_atom(bytes);
    if (node.index() >= atom_lengths_.size()) atom_lengths_.resize(node.index() + 1, 1);
    atom_lengths_[node.index()] = cvm::atom_serialized_length(bytes);
    return node;
  }
  node_ref byte_atom(std::uint8_t value) { return atom(std::span(&value, 1)); }
  node_ref random_atom(std::size_t bytes) {
    std::vector<std::uint8_t> data(bytes);
    for (auto& b : data) b = static_cast<std::uint8_t>(rng_.next());
    return atom(data);
  }
  // A positive integer atom of 1 to max_bytes bytes (no sign bit).
  node_ref random_amount() {
    const std::size_t bytes = 1 + rng_.below(k_max_amount_bytes);
    std::vector<std::uint8_t> data(bytes);
    for (auto& b : data) b = static_cast<std::uint8_t>(rng_.next());
    data[0] = static_cast<std::uint8_t>(1 + data[0] % cvm::k_max_single_byte);
    return atom(data);
  }
  node_ref cons(node_ref left, node_ref right) {
    const node_ref node = *store_.new_pair(left, right);
    pair_lengths_.push_back(1 + length(left) + length(right));
    return node;
  }
  node_ref list(std::initializer_list<node_ref> items) { return list(std::vector<node_ref>(items)); }
  node_ref list(const std::vector<node_ref>& items) {
    node_ref tail = cvm::node_store::nil();
    for (auto it = items.rbegin(); it != items.rend(); ++it) tail = cons(*it, tail);
    return tail;
  }
  node_ref quoted(node_ref value) { return cons(byte_atom(k_op_quote), value); }

  std::uint64_t length(node_ref node) const {
    return node.is_pair() ? pair_lengths_[node.index()] : atom_lengths_[node.index()];
  }

  // Random code of about `budget` serialized bytes: operator lists whose
  // arguments are environment paths, quoted constants or sub-expressions.
  node_ref expression(std::uint64_t budget) {
    if (budget < k_min_expression_bytes) {
      return byte_atom(static_cast<std::uint8_t>(k_first_env_path + rng_.below(k_max_operator)));
    }
    if (chance(k_quoted_constant_pct)) {
      return quoted(random_atom(1 + rng_.below(std::min<std::uint64_t>(budget, k_max_constant_bytes))));
    }
    std::vector<node_ref> items{byte_atom(static_cast<std::uint8_t>(1 + rng_.below(k_max_operator)))};
    const std::size_t arguments = 1 + rng_.below(k_max_arguments);
    std::uint64_t left = budget - k_operator_list_overhead_bytes;
    for (std::size_t i = 0; i < arguments && left > 1; ++i) {
      const std::uint64_t share = i + 1 == arguments ? left : 1 + rng_.below(left);
      const node_ref argument = expression(share - 1);
      items.push_back(argument);
      left -= std::min(left, 1 + length(argument));
    }
    return list(items);
  }

 private:
  cvm::node_store store_;
  benchgate::splitmix64 rng_;
  std::vector<std::uint64_t> atom_lengths_{1};  // nil
  std::vector<std::uint64_t> pair_lengths_;
};

// Picks an element of `pool`, or with `new_pct` percent chance (or when
// empty) a new one made by `make` and added to the pool.
template <class Make>
node_ref from_pool(tree_builder& b, std::vector<node_ref>& pool, unsigned new_pct, Make&& make) {
  if (pool.empty() || b.chance(new_pct)) {
    pool.push_back(make());
    return pool.back();
  }
  return pool[b.rng().below(pool.size())];
}

class block_generator {
 public:
  explicit block_generator(std::uint64_t seed) : b_(seed) {
    for (const auto bytes : k_library_bytes) libraries_.push_back(b_.expression(bytes));
    for (std::size_t m = 0; m < k_modules.size(); ++m) {
      // Modules other than the standard one curry in one or two library
      // functions, so those sub-trees repeat across modules.
      node_ref body = b_.expression(k_modules[m].bytes);
      if (m > 0) {
        const node_ref library = libraries_[m % libraries_.size()];
        body = b_.list({b_.byte_atom(k_op_apply), b_.quoted(body),
                        b_.list({b_.byte_atom(k_op_cons), b_.quoted(library), b_.byte_atom(k_env_whole)})});
      }
      modules_.push_back(body);
      module_hashes_.push_back(b_.random_atom(k_puzzle_hash_bytes));
      tail_hashes_.push_back(b_.random_atom(k_puzzle_hash_bytes));
    }
  }

  std::vector<std::uint8_t> plain(std::size_t target_bytes) {
    std::vector<node_ref> spends;
    std::uint64_t bytes = 0;
    while (bytes < target_bytes) {
      spends.push_back(spend());
      bytes += 1 + b_.length(spends.back());
    }
    // (q . ((spend ...)))
    const node_ref root = b_.quoted(b_.list({b_.list(spends)}));
    std::vector<std::uint8_t> out;
    cvm::node_to_bytes(b_.store(), root, out);
    return out;
  }

 private:
  // (a (q . MODULE) (c (q . ARG) 1)): a module curried with one argument.
  node_ref curry(node_ref module, node_ref argument) {
    return b_.list({b_.byte_atom(k_op_apply), b_.quoted(module),
                    b_.list({b_.byte_atom(k_op_cons), b_.quoted(argument), b_.byte_atom(k_env_whole)})});
  }

  std::size_t pick_module() {
    unsigned roll = static_cast<unsigned>(b_.rng().below(k_percent));
    for (std::size_t m = 0; m < k_modules.size(); ++m) {
      if (roll < k_modules[m].weight_pct) return m;
      roll -= k_modules[m].weight_pct;
    }
    return 0;
  }

  node_ref puzzle_hash() {
    return from_pool(b_, puzzle_hashes_, k_new_puzzle_hash_pct, [&] { return b_.random_atom(k_puzzle_hash_bytes); });
  }

  // ((51 ph amount) ... [(50 key message)])
  node_ref conditions(node_ref key) {
    std::vector<node_ref> items;
    const std::size_t creates = 1 + b_.rng().below(k_max_create_coins);
    for (std::size_t i = 0; i < creates; ++i) {
      items.push_back(b_.list({b_.byte_atom(k_cond_create_coin), puzzle_hash(), b_.random_amount()}));
    }
    if (b_.chance(k_signature_pct)) {
      items.push_back(b_.list({b_.byte_atom(k_cond_agg_sig_me), key, b_.random_atom(k_signed_message_bytes)}));
    }
    return b_.list(items);
  }

  // (parent_id puzzle amount solution)
  node_ref spend() {
    const node_ref key = from_pool(b_, keys_, k_new_key_pct, [&] { return b_.random_atom(k_public_key_bytes); });
    const node_ref parent = from_pool(b_, parents_, k_new_parent_pct, [&] { return b_.random_atom(k_coin_id_bytes); });
    const node_ref amount = b_.random_amount();
    const node_ref inner_puzzle = curry(modules_[0], key);
    const node_ref inner_solution =
        b_.list({cvm::node_store::nil(), b_.quoted(conditions(key)), cvm::node_store::nil()});
    const std::size_t m = pick_module();
    if (m == 0) return b_.list({parent, inner_puzzle, amount, inner_solution});
    // A wrapper (CAT-like): the module curried with its hash, its asset's
    // tail hash and the whole inner puzzle; the solution carries the inner
    // solution and lineage proofs of (coin id, puzzle hash, amount).
    const node_ref puzzle =
        curry(modules_[m], b_.cons(module_hashes_[m], b_.cons(tail_hashes_[m], inner_puzzle)));
    auto proof = [&] { return b_.list({b_.random_atom(k_coin_id_bytes), puzzle_hash(), b_.random_amount()}); };
    const node_ref solution = b_.list({inner_solution, proof(), b_.random_atom(k_coin_id_bytes), proof(), proof(),
                                       b_.random_amount(), cvm::node_store::nil()});
    return b_.list({parent, puzzle, amount, solution});
  }

  tree_builder b_;
  std::vector<node_ref> libraries_;
  std::vector<node_ref> modules_;
  std::vector<node_ref> module_hashes_;
  std::vector<node_ref> tail_hashes_;  // one asset per wrapper module
  std::vector<node_ref> keys_;
  std::vector<node_ref> parents_;
  std::vector<node_ref> puzzle_hashes_;
};

constexpr std::uint8_t k_chain_head = 0x04;
constexpr std::uint8_t k_chain_leaf_left = 0xcb;
constexpr std::uint8_t k_chain_leaf_right = 0x07;

}  // namespace

std::vector<std::uint8_t> block_generator_plain(std::size_t target_plain_bytes, std::uint64_t seed) {
  return block_generator(seed).plain(target_plain_bytes);
}

std::vector<std::uint8_t> deep_chain_plain(std::size_t depth) {
  // FF 04, FF x depth, 81 CB 07, 80 x (depth - 1): written directly, the
  // way 2.generator is laid out (no tree needed).
  std::vector<std::uint8_t> out(2 * depth + 4, cvm::k_pair_marker);
  std::size_t at = 1;
  out[at++] = k_chain_head;
  at += depth;  // the pair markers of the chain
  out[at++] = static_cast<std::uint8_t>(cvm::k_nil_byte | 1);  // a 1-byte atom follows
  out[at++] = k_chain_leaf_left;
  out[at++] = k_chain_leaf_right;
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(at), out.end(), cvm::k_nil_byte);
  return out;
}

std::vector<std::string> generated_workload_names() { return {"block_10k", "block_250k", "block_1m", "deep_chain"}; }

std::optional<generated_workload> make_generated_workload(std::string_view name) {
  if (name == "block_10k") {
    return generated_workload{std::string(name), "block generator, 10 KB plain",
                              block_generator_plain(k_block_10k_bytes, k_workload_seed)};
  }
  if (name == "block_250k") {
    return generated_workload{std::string(name), "block generator, 250 KB plain",
                              block_generator_plain(k_block_250k_bytes, k_workload_seed)};
  }
  if (name == "block_1m") {
    return generated_workload{std::string(name), "block generator, 1 MB plain",
                              block_generator_plain(k_block_1m_bytes, k_workload_seed)};
  }
  if (name == "deep_chain") {
    return generated_workload{std::string(name), "left-deep chain of 100000 pairs",
                              deep_chain_plain(k_deep_chain_depth)};
  }
  return std::nullopt;
}

}  // namespace benchgate::cases::clvm_backrefs
