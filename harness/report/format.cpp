#include "harness/report/format.hpp"

#include <array>
#include <cmath>
#include <cstdio>

#include "harness/support/units/units.hpp"

namespace benchgate::report {

namespace {

constexpr double k_kibi = 1024.0;
constexpr double k_kilo = 1000.0;
constexpr int k_seconds_per_minute = 60;
constexpr int k_seconds_per_hour = 3600;

// A number and the unit after scaling it into [1, step) where possible.
template <std::size_t N>
std::string scaled(double value, double step, const std::array<const char*, N>& units) {
  std::size_t i = 0;
  while (i + 1 < units.size() && std::abs(value) >= step) {
    value /= step;
    ++i;
  }
  return format_significant(value) + " " + units[i];
}

}  // namespace

std::string format_significant(double value) {
  const double magnitude = std::abs(value);
  constexpr double k_smallest_fixed = 1e-3;  // 4 decimals keep one significant digit
  if (magnitude > 0 && magnitude < k_smallest_fixed) {
    std::array<char, 64> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.4e", value);
    return buffer.data();
  }
  const int decimals = magnitude < 10 ? 4 : magnitude < 100 ? 3 : magnitude < 1000 ? 2 : magnitude < 10000 ? 1 : 0;
  std::array<char, 64> buffer{};
  std::snprintf(buffer.data(), buffer.size(), "%.*f", decimals, value);
  return buffer.data();
}

std::string format_time_ns(double ns) {
  static constexpr std::array<const char*, 5> units = {"ns", "µs", "ms", "s", "ks"};
  if (std::abs(ns) < 1 && ns != 0) return format_significant(ns * k_kilo) + " ps";
  return scaled(ns, k_kilo, units);
}

std::string format_throughput(benchgate::work_unit unit, double per_second) {
  static constexpr std::array<const char*, 5> bytes = {"B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s"};
  static constexpr std::array<const char*, 5> items = {"elem/s", "Kelem/s", "Melem/s", "Gelem/s", "Telem/s"};
  switch (unit) {
    case benchgate::work_unit::bytes: return scaled(per_second, k_kibi, bytes);
    case benchgate::work_unit::items: return scaled(per_second, k_kilo, items);
    case benchgate::work_unit::none: return "";
  }
  return "";
}

std::string format_percent(double fraction) {
  const double percent = fraction * units::k_percent;
  return (percent >= 0 ? "+" : "") + format_significant(percent) + "%";
}

std::string counted(std::size_t n, std::string_view singular, std::string_view plural) {
  std::string noun(n == 1 ? singular : plural.empty() ? singular : plural);
  if (n != 1 && plural.empty()) noun += "s";
  return std::to_string(n) + " " + noun;
}

std::size_t display_width(std::string_view text) {
  // Code points, not bytes: continuation bytes are 10xxxxxx.
  std::size_t shown = 0;
  for (const unsigned char ch : text) shown += (ch & 0xC0) != 0x80;
  return shown;
}

std::string pad_right(std::string text, std::size_t width) {
  const auto shown = display_width(text);
  if (shown < width) text.append(width - shown, ' ');
  return text;
}

std::string format_duration_s(double seconds) {
  const auto total = static_cast<long>(std::lround(std::max(0.0, seconds)));
  std::array<char, 32> buffer{};
  if (total < k_seconds_per_minute) {
    std::snprintf(buffer.data(), buffer.size(), "%lds", total);
  } else if (total < k_seconds_per_hour) {
    std::snprintf(buffer.data(), buffer.size(), "%ldm%02lds", total / k_seconds_per_minute,
                  total % k_seconds_per_minute);
  } else {
    std::snprintf(buffer.data(), buffer.size(), "%ldh%02ldm", total / k_seconds_per_hour,
                  (total % k_seconds_per_hour) / k_seconds_per_minute);
  }
  return buffer.data();
}

}  // namespace benchgate::report
