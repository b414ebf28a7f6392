#include "harness/history/iso_date.hpp"

#include <cctype>
#include <ctime>

namespace benchgate::history {

namespace {

constexpr int k_seconds_per_minute = 60;
constexpr int k_seconds_per_hour = 3600;

// Reads `digits` decimal digits at `pos`.
std::optional<int> number(std::string_view text, std::size_t& pos, std::size_t digits) {
  if (pos + digits > text.size()) return std::nullopt;
  int value = 0;
  for (std::size_t i = 0; i < digits; ++i) {
    const char c = text[pos + i];
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  pos += digits;
  return value;
}

bool expect(std::string_view text, std::size_t& pos, char c) {
  if (pos >= text.size() || text[pos] != c) return false;
  ++pos;
  return true;
}

}  // namespace

std::optional<instant> parse_iso_date(std::string_view text) {
  std::size_t pos = 0;
  std::tm t{};
  const auto year = number(text, pos, 4);
  if (!year || !expect(text, pos, '-')) return std::nullopt;
  const auto month = number(text, pos, 2);
  if (!month || !expect(text, pos, '-')) return std::nullopt;
  const auto day = number(text, pos, 2);
  if (!day || *month < 1 || *month > 12 || *day < 1 || *day > 31) return std::nullopt;
  int hour = 0;
  int minute = 0;
  int second = 0;
  int offset_s = 0;
  if (pos < text.size()) {
    if (text[pos] != 'T' && text[pos] != ' ') return std::nullopt;
    ++pos;
    const auto h = number(text, pos, 2);
    if (!h || !expect(text, pos, ':')) return std::nullopt;
    const auto m = number(text, pos, 2);
    if (!m) return std::nullopt;
    hour = *h;
    minute = *m;
    if (pos < text.size() && text[pos] == ':') {
      ++pos;
      const auto s = number(text, pos, 2);
      if (!s) return std::nullopt;
      second = *s;
      if (pos < text.size() && text[pos] == '.') {
        ++pos;
        const auto start = pos;
        while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) != 0) ++pos;
        if (pos == start) return std::nullopt;
      }
    }
    if (hour > 23 || minute > 59 || second > 60) return std::nullopt;
    if (pos < text.size()) {
      if (text[pos] == 'Z') {
        ++pos;
      } else if (text[pos] == '+' || text[pos] == '-') {
        const int sign = text[pos] == '-' ? -1 : 1;
        ++pos;
        const auto oh = number(text, pos, 2);
        if (!oh) return std::nullopt;
        if (pos < text.size() && text[pos] == ':') ++pos;
        const auto om = number(text, pos, 2);
        if (!om || *oh > 23 || *om > 59) return std::nullopt;
        offset_s = sign * (*oh * k_seconds_per_hour + *om * k_seconds_per_minute);
      } else {
        return std::nullopt;
      }
    }
  }
  if (pos != text.size()) return std::nullopt;
  t.tm_year = *year - 1900;
  t.tm_mon = *month - 1;
  t.tm_mday = *day;
  t.tm_hour = hour;
  t.tm_min = minute;
  t.tm_sec = second;
  const std::time_t local = ::timegm(&t);
  if (t.tm_mday != *day) return std::nullopt;  // e.g. February 30th was normalised
  instant out;
  out.epoch_s = static_cast<std::int64_t>(local) - offset_s;
  const std::time_t utc = static_cast<std::time_t>(out.epoch_s);
  std::tm u{};
  ::gmtime_r(&utc, &u);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &u);
  out.utc = buffer;
  return out;
}

}  // namespace benchgate::history
