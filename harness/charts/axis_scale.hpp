#pragma once
// Units of chart axes: values are divided by a scale chosen from the largest
// one, so tick labels stay short ("12.5 µs", not "12500 ns").

#include <span>
#include <string>

#include "benchgate/case_types.hpp"

namespace benchgate::charts {

// An axis spans decades, and is drawn logarithmic, when its largest value is
// at least this many times its smallest (all positive).
inline constexpr double k_log_axis_span = 100.0;

struct axis_scale {
  double divisor = 1;  // displayed value = raw value / divisor
  std::string unit;    // "ns", "µs", "GiB/s", "Melem/s", ...
};

// For times in nanoseconds: ns, µs, ms or s.
axis_scale time_scale(double max_ns);

// For throughputs in units of work per second: binary prefixes for bytes
// (B/s ... GiB/s), decimal ones for items (elem/s ... Gelem/s).
axis_scale throughput_scale(benchgate::work_unit unit, double max_per_second);

// Whether `values` (finite ones; NaN skipped) are all positive and span at
// least k_log_axis_span.
bool spans_decades(std::span<const double> values);

}  // namespace benchgate::charts
