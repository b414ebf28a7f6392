#pragma once
// The case interface (benchgate/case.hpp, the public API) under the internal
// names the harness uses: one definition, two spellings.

#include "benchgate/case.hpp"
#include "harness/suite/case_types.hpp"
#include "harness/suite/param_point.hpp"
#include "harness/suite/timed_loop.hpp"

namespace benchgate::suite {
using benchgate::axis_info;
using benchgate::bench_body;
using benchgate::benchmark_case;
using benchgate::cartesian_points;
using benchgate::prepared_point;
using benchgate::value_check;
using benchgate::variant_bench;
using benchgate::variant_info;
}  // namespace benchgate::suite
