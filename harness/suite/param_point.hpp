#pragma once
// Grid points (benchgate/param_point.hpp) under their internal names.

#include "benchgate/param_point.hpp"

namespace benchgate::suite {
using benchgate::axis_values;
using benchgate::cell_name;
using benchgate::param_point;
}  // namespace benchgate::suite
