#pragma once
// Short texts for chart titles and the page's tables.

#include <string>

#include "harness/stats/bootstrap.hpp"

namespace benchgate::charts {

// p-values below this print as "< 0.0001": more digits say nothing.
inline constexpr double k_smallest_p_shown = 1e-4;

// "0.032", "< 0.0001".
std::string p_value_text(double p);

// A relative change with its interval: "-90.594% [-90.640%, -90.557%]".
std::string change_text(const stats::interval_estimate& change);

}  // namespace benchgate::charts
