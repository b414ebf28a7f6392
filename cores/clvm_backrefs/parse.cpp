#include "cores/clvm_backrefs/parse.hpp"

#include <bit>
#include <optional>
#include <vector>

#include "cores/clvm_backrefs/atom_encoding.hpp"

namespace cores::clvm_backrefs {

namespace {

constexpr std::uint8_t k_high_bit = 0x80;

enum class parse_op : std::uint8_t { node, cons };

parse_status from_atom_status(atom_read_status status) {
  switch (status) {
    case atom_read_status::ok: return parse_status::ok;
    case atom_read_status::truncated: return parse_status::truncated;
    case atom_read_status::bad_length_prefix: return parse_status::bad_length_prefix;
    case atom_read_status::too_long: return parse_status::atom_too_long;
  }
  return parse_status::bad_length_prefix;
}

// Reads the atom at bytes[pos]; on success advances pos past it.
struct atom_slice {
  parse_status status;
  std::span<const std::uint8_t> payload;
};
atom_slice read_atom(std::span<const std::uint8_t> bytes, std::size_t& pos) {
  const auto header = read_atom_header(bytes.subspan(pos));
  if (header.status != atom_read_status::ok) return {from_atom_status(header.status), {}};
  const auto payload = bytes.subspan(pos + header.header_bytes, static_cast<std::size_t>(header.length));
  pos += header.header_bytes + payload.size();
  return {parse_status::ok, payload};
}

// Follows `path` (big-endian; bits from the least significant end, 0 =
// left, 1 = right; the highest set bit ends the path; all-zero is nil) from
// `stack`, the parse stack as a CLVM list (clvm_rs traverse_path).
struct path_result {
  parse_status status;
  node_ref node;
};
path_result follow_path(const node_store& store, std::span<const std::uint8_t> path, node_ref stack) {
  std::size_t first = 0;
  while (first < path.size() && path[first] == 0) ++first;
  if (first == path.size()) return {parse_status::ok, node_store::nil()};
  // The end marker: the highest set bit of the first non-zero byte.
  const auto end_mask = static_cast<std::uint8_t>(1U << (std::bit_width(path[first]) - 1));
  node_ref node = stack;
  bool on_spine = true;  // every step so far went right: still on the stack list
  std::size_t byte = path.size() - 1;
  std::uint8_t mask = 1;
  while (byte > first || mask < end_mask) {
    if (!node.is_pair()) {
      return {on_spine ? parse_status::path_beyond_stack : parse_status::path_into_atom, node};
    }
    const bool right = (path[byte] & mask) != 0;
    node = right ? store.right(node) : store.left(node);
    on_spine = on_spine && right;
    if (mask == k_high_bit) {
      mask = 1;
      --byte;
    } else {
      mask = static_cast<std::uint8_t>(mask << 1);
    }
  }
  return {parse_status::ok, node};
}

// The parse loop shared by both formats. Values live on a C++ vector for the
// plain format; with back references they must be a CLVM list in the store,
// since paths are resolved against the stack as a CLVM value.
template <bool Backrefs>
parse_result parse(node_store& store, std::span<const std::uint8_t> bytes) {
  std::vector<parse_op> ops{parse_op::node};
  std::vector<node_ref> values;      // plain format
  node_ref stack = node_store::nil();  // back-reference format
  std::size_t pos = 0;

  auto push = [&](node_ref value) -> bool {
    if constexpr (Backrefs) {
      const auto pair = store.new_pair(value, stack);
      if (!pair) return false;
      stack = *pair;
    } else {
      values.push_back(value);
    }
    return true;
  };
  auto pop = [&]() -> node_ref {
    if constexpr (Backrefs) {
      const node_ref top = store.left(stack);
      stack = store.right(stack);
      return top;
    } else {
      const node_ref top = values.back();
      values.pop_back();
      return top;
    }
  };

  while (!ops.empty()) {
    const parse_op op = ops.back();
    ops.pop_back();
    if (op == parse_op::cons) {
      const node_ref right = pop();
      const node_ref left = pop();
      const auto pair = store.new_pair(left, right);
      if (!pair || !push(*pair)) return {parse_status::store_full, {}, pos};
      continue;
    }
    const std::size_t start = pos;
    if (pos >= bytes.size()) return {parse_status::truncated, {}, start};
    const std::uint8_t first = bytes[pos];
    if (first == k_pair_marker) {
      ++pos;
      ops.push_back(parse_op::cons);
      ops.push_back(parse_op::node);
      ops.push_back(parse_op::node);
      continue;
    }
    if (Backrefs && first == k_backref_marker) {
      ++pos;
      const auto path = read_atom(bytes, pos);
      if (path.status != parse_status::ok) return {path.status, {}, start};
      const auto target = follow_path(store, path.payload, stack);
      if (target.status != parse_status::ok) return {target.status, {}, start};
      if (!push(target.node)) return {parse_status::store_full, {}, start};
      continue;
    }
    const auto atom = read_atom(bytes, pos);
    if (atom.status != parse_status::ok) return {atom.status, {}, start};
    const auto node = store.new_atom(atom.payload);
    if (!node || !push(*node)) return {parse_status::store_full, {}, start};
  }
  return {parse_status::ok, pop(), pos};
}

}  // namespace

std::string_view describe(parse_status status) {
  switch (status) {
    case parse_status::ok: return "ok";
    case parse_status::truncated: return "truncated: the input ends inside a node";
    case parse_status::bad_length_prefix: return "bad encoding: an atom length prefix has 7 or more leading 1-bits";
    case parse_status::atom_too_long: return "bad encoding: an atom length is 2^34 bytes or more";
    case parse_status::path_into_atom: return "bad back reference: the path steps into an atom";
    case parse_status::path_beyond_stack: return "bad back reference: the path goes past the end of the parse stack";
    case parse_status::store_full: return "the node store is full";
  }
  return "unknown status";
}

parse_result node_from_bytes(node_store& store, std::span<const std::uint8_t> bytes) {
  return parse<false>(store, bytes);
}

parse_result node_from_bytes_backrefs(node_store& store, std::span<const std::uint8_t> bytes) {
  return parse<true>(store, bytes);
}

}  // namespace cores::clvm_backrefs
