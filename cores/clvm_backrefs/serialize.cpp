#include "cores/clvm_backrefs/serialize.hpp"

#include "cores/clvm_backrefs/atom_encoding.hpp"

namespace cores::clvm_backrefs {

serialize_status node_to_bytes(const node_store& store, node_ref root, std::vector<std::uint8_t>& out,
                               std::uint64_t limit_bytes) {
  out.clear();
  std::vector<node_ref> pending{root};
  while (!pending.empty()) {
    const node_ref node = pending.back();
    pending.pop_back();
    if (node.is_pair()) {
      out.push_back(k_pair_marker);
      pending.push_back(store.right(node));
      pending.push_back(store.left(node));
    } else if (!write_atom(store.atom(node), out)) {
      out.clear();
      return serialize_status::atom_too_long;
    }
    if (out.size() > limit_bytes) {
      out.clear();
      return serialize_status::over_limit;
    }
  }
  return serialize_status::ok;
}

}  // namespace cores::clvm_backrefs
