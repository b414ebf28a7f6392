#include "harness/charts/chart.hpp"

#include <cstdio>

#include "harness/report/format.hpp"

namespace benchgate::charts {

namespace {

bool keeps(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '-';
}

}  // namespace

std::string chart_stem(std::string_view prefix, std::string_view name) {
  std::string out(prefix);
  out += '_';
  for (const char c : name) out += keeps(c) ? c : '-';
  return out;
}

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
