#pragma once
// The call tree of a differential flame graph: one cell's stacks in an OLD
// and a NEW build, each frame with its instructions per iteration on both
// sides. Callgrind records costs per caller->callee edge (calls= lines), not
// per stack, so the stacks are reconstructed as a gprof-style estimate: a
// function's cost is shared among its callers in proportion to what each
// call cost, recursively from the functions nobody calls (and, for the part
// of a function's cost no recorded call accounts for, e.g. a call already
// running when callgrind started counting, from the base as well). That is
// exact when a function's cost does not depend on who calls it, and
// approximate otherwise. A recursive call (to a function already on the
// stack) is not unrolled: its cost goes on to what that function calls from
// there. Pure: no I/O.

#include <string>
#include <vector>

#include "harness/explain/profile_diff.hpp"

namespace benchgate::explain {

// Stacks deeper than this are cut (their cost stays in the last frame's width).
inline constexpr std::size_t k_max_flame_depth = 64;
// A stack costing less than this fraction of its side's total is left out:
// it could not be drawn (a 1200-pixel graph shows ~1/2000 of the total) and
// the number of stacks stays bounded. Kept below k_unchanged_fraction so that a
// frame left out on one side only never looks changed by itself.
inline constexpr double k_min_flame_fraction = k_unchanged_fraction / 4;

struct flame_frame {
  std::string name;          // demangled and trimmed (symbol_names.hpp); "all" at the root
  double old_cost = 0;       // inclusive instructions per iteration of this stack, OLD
  double new_cost = 0;       // ... NEW
  double old_self = 0;       // the frame's own instructions per iteration on this stack, OLD
  double new_self = 0;       // ... NEW
  std::vector<flame_frame> children;  // by name
};

// The merged tree of both sides: the root "all" holds the reconstructed
// stacks' total on each side; a frame present on one side only has 0 on
// the other. Frames are matched by their names along the stack.
flame_frame differential_flame_tree(const profile_side& old_side, const profile_side& new_side);

}  // namespace benchgate::explain
