#include "harness/support/text/decimal_text.hpp"

#include <cstdio>

#include "harness/support/units/units.hpp"

namespace benchgate::text {

std::string one_decimal(double value, bool sign) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, sign ? "%+.1f" : "%.1f", value);
  return buffer;
}

std::string percent_change(double old_value, double new_value) {
  return one_decimal((new_value - old_value) / old_value * units::k_percent, true) + " %";
}

std::string right_aligned(const std::string& text, int width) {
  const auto columns = static_cast<std::size_t>(width);
  return text.size() >= columns ? text + " " : std::string(columns - text.size(), ' ') + text;
}

}  // namespace benchgate::text
