#pragma once
// Axis value checks (benchgate/value_checks.hpp) under their internal names.

#include "benchgate/value_checks.hpp"
#include "harness/suite/case.hpp"

namespace benchgate::suite {
using benchgate::integer_in;
using benchgate::number_in;
using benchgate::one_of;
}  // namespace benchgate::suite
