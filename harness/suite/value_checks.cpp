#include "benchgate/value_checks.hpp"

#include <algorithm>
#include <sstream>

#include "harness/support/text/parse_number.hpp"

namespace benchgate {

namespace {

std::string format_bound(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

value_check number_in(double low, bool low_open, double high, bool high_open) {
  std::string expected = "a number in " + std::string(low_open ? "(" : "[") + format_bound(low) +
                         ", " + format_bound(high) + (high_open ? ")" : "]");
  return [=](std::string_view value) -> std::optional<std::string> {
    const auto number = text::parse_double(value);
    if (!number) return expected;
    const bool above_low = low_open ? *number > low : *number >= low;
    const bool below_high = high_open ? *number < high : *number <= high;
    if (!above_low || !below_high) return expected;
    return std::nullopt;
  };
}

value_check integer_in(std::int64_t low, std::int64_t high, std::string why) {
  std::string expected =
      "an integer from " + std::to_string(low) + " to " + std::to_string(high) + why;
  return [=](std::string_view value) -> std::optional<std::string> {
    const auto number = text::parse_int(value);
    if (!number || *number < low || *number > high) return expected;
    return std::nullopt;
  };
}

value_check one_of(std::vector<std::string> words) {
  std::string expected = "one of ";
  for (std::size_t i = 0; i < words.size(); ++i) {
    expected += (i ? ", " : "") + words[i];
  }
  return [words = std::move(words), expected](std::string_view value) -> std::optional<std::string> {
    if (std::find(words.begin(), words.end(), value) != words.end()) return std::nullopt;
    return expected;
  };
}

}  // namespace benchgate
