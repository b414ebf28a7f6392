#pragma once
// The workload PRNG (benchgate/rng.hpp) under its internal name.

#include "benchgate/rng.hpp"

namespace benchgate::suite {
using benchgate::splitmix64;
}  // namespace benchgate::suite
