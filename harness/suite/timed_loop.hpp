#pragma once
// The timed loop's state (benchgate/timed_loop.hpp) under its internal names.

#include "benchgate/timed_loop.hpp"

namespace benchgate::suite {
using benchgate::execution_fence;
using benchgate::instruction_counter;
using benchgate::loop_knobs;
using benchgate::spin;
}  // namespace benchgate::suite
