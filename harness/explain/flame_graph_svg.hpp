#pragma once
// A differential flame graph as a standalone SVG (no script, opens in a
// browser): after Brendan Gregg's differential flame graphs
// (https://www.brendangregg.com/blog/2014-11-09/differential-flame-graphs.html),
// each frame's width is its NEW inclusive cost and its colour the change of
// its own (self) cost against OLD: red more instructions, blue fewer,
// deeper for a larger relative change, grey unchanged. A <title> on every
// frame is the tooltip: old, new and change, inclusive and self. Frames NEW
// no longer runs have no width; the text report lists them.

#include <string>

#include "harness/explain/flame_tree.hpp"

namespace benchgate::explain {

// A relative self change of this much or more gets the deepest colour.
inline constexpr double k_full_colour_change = 0.5;
// The palest colour a changed frame gets, so that any change shows.
inline constexpr double k_min_colour_intensity = 0.25;

struct rgb {
  int r = 0;
  int g = 0;
  int b = 0;
};

// The colour of a frame whose self cost went from `old_self` to `new_self`
// instructions per iteration: grey when |change| <= `tolerance`, else red
// (more) or blue (fewer), intensity min(1, |change| / old / k_full_colour_change),
// at least k_min_colour_intensity (a frame new in NEW: full).
rgb change_colour(double old_self, double new_self, double tolerance);

// The SVG document of `root` (differential_flame_tree) for `cell`; frames
// whose self change is at most `tolerance` instructions per iteration are
// grey. Ends with '\n'.
std::string flame_graph_svg(const flame_frame& root, const std::string& cell, double tolerance);

}  // namespace benchgate::explain
