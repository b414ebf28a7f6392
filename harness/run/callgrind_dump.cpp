#include "harness/run/callgrind_dump.hpp"

#include "harness/support/text/parse_number.hpp"

namespace benchgate::run {

namespace {

constexpr std::string_view k_trigger = "desc: Trigger: Client Request: ";
// "totals:" ends the file; older callgrind versions write only "summary:".
constexpr std::string_view k_totals = "totals: ";
constexpr std::string_view k_summary = "summary: ";

// The first number of an event line ("totals: 6015" or, with more events,
// "totals: 6015 12 3").
std::optional<std::int64_t> first_count(std::string_view rest) {
  const auto space = rest.find(' ');
  return text::parse_int(rest.substr(0, space));
}

}  // namespace

std::optional<std::int64_t> dump_instructions(std::string_view text, std::string_view label) {
  bool triggered = false;
  std::optional<std::int64_t> summary;
  std::optional<std::int64_t> totals;
  while (!text.empty()) {
    const auto end = text.find('\n');
    auto line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.starts_with(k_trigger)) {
      triggered = line.substr(k_trigger.size()) == label;
    } else if (line.starts_with(k_totals)) {
      totals = first_count(line.substr(k_totals.size()));
    } else if (line.starts_with(k_summary)) {
      summary = first_count(line.substr(k_summary.size()));
    }
  }
  if (!triggered) return std::nullopt;
  return totals ? totals : summary;
}

}  // namespace benchgate::run
