#pragma once
// The printed cache side of an explanation (explain --cache-sim): the
// simulated caches, both builds' figures per iteration and the functions
// whose estimated cycles changed most; and its one-line Markdown form.

#include <string>

#include "harness/explain/explain_model.hpp"

namespace benchgate::explain {

// The block, lines ending in '\n' (a blank line first); "" without cache data.
std::string cache_text(const explanation& e);

// One Markdown line ending in "\n\n": the estimated cycles and RAM accesses
// per iteration, old -> new; "" without cache data.
std::string cache_markdown(const explanation& e);

}  // namespace benchgate::explain
