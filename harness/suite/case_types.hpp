#pragma once
// The case types (benchgate/case_types.hpp) under their internal names.
// Results, statistics, charts and reports use these without the case
// interface, so the file-reading side never compiles against Google Benchmark.

#include "benchgate/case_types.hpp"

namespace benchgate::suite {
using benchgate::figure;
using benchgate::parse_variant_role;
using benchgate::parse_work_unit;
using benchgate::to_string;
using benchgate::variant_role;
using benchgate::work_per_iteration;
using benchgate::work_unit;
}  // namespace benchgate::suite
