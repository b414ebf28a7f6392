#include "cores/clvm_backrefs/path.hpp"

namespace cores::clvm_backrefs {

void encode_path(std::span<const std::uint8_t> directions_target_first, std::vector<std::uint8_t>& out) {
  const std::size_t steps = directions_target_first.size();
  out.assign(path_bytes(steps), 0);
  // The last direction (root side) is consumed first, so it is bit 0.
  for (std::size_t i = 0; i < steps; ++i) {
    if (directions_target_first[steps - 1 - i] != 0) set_path_bit(out, i);
  }
  set_path_bit(out, steps);
}

}  // namespace cores::clvm_backrefs
