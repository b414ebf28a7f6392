#include "harness/charts/labels.hpp"

#include <cstdio>

#include "harness/report/format.hpp"

namespace benchgate::charts {

std::string p_value_text(double p) {
  if (p < k_smallest_p_shown) return "< 0.0001";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2g", p);
  return buffer;
}

std::string change_text(const stats::interval_estimate& change) {
  return report::format_percent(change.estimate) + " [" + report::format_percent(change.lower) + ", " +
         report::format_percent(change.upper) + "]";
}

}  // namespace benchgate::charts
