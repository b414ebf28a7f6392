#include "harness/support/text/parse_number.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

namespace benchgate::text {

std::optional<double> parse_double(std::string_view text) {
  if (text.empty()) return std::nullopt;
  // from_chars accepts no leading '+'; users type it, so allow one.
  if (text.front() == '+') text.remove_prefix(1);
  double value = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (ec != std::errc{} || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<std::int64_t> parse_int(std::string_view text) {
  if (text.empty()) return std::nullopt;
  if (text.front() == '+') text.remove_prefix(1);
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || ptr != end) return std::nullopt;
  return value;
}

std::string number_text(double value) {
  // The longest shortest form of a double ("-2.2250738585072014e-308") is 24 characters.
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

std::optional<double> parse_percent(std::string_view text) {
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  return parse_double(text);
}

}  // namespace benchgate::text
