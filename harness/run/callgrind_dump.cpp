#include "harness/run/callgrind_dump.hpp"

#include <iterator>
#include <vector>

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

constexpr std::string_view k_events = "events: ";
constexpr std::string_view k_cache_desc[] = {"desc: I1 cache: ", "desc: D1 cache: ", "desc: LL cache: "};

// The counts of an event line's value, in order; nullopt when one is not a count.
std::optional<std::vector<std::int64_t>> counts_of(std::string_view rest) {
  std::vector<std::int64_t> out;
  while (!rest.empty()) {
    const auto space = rest.find(' ');
    if (space != 0) {
      const auto n = text::parse_int(rest.substr(0, space));
      if (!n || *n < 0) return std::nullopt;
      out.push_back(*n);
    }
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
  }
  return out;
}

// The lines of a dump that these read, each the last of its kind (as
// values after their prefix), and whether its trigger is `label`.
struct dump_lines {
  bool triggered = false;
  std::optional<std::string_view> events;
  std::optional<std::string_view> totals;
  std::optional<std::string_view> summary;
  std::string_view caches[std::size(k_cache_desc)];
};

dump_lines scan_dump(std::string_view text, std::string_view label) {
  dump_lines out;
  while (!text.empty()) {
    const auto end = text.find('\n');
    auto line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.starts_with(k_trigger)) {
      out.triggered = line.substr(k_trigger.size()) == label;
    } else if (line.starts_with(k_events)) {
      out.events = line.substr(k_events.size());
    } else if (line.starts_with(k_totals)) {
      out.totals = line.substr(k_totals.size());
    } else if (line.starts_with(k_summary)) {
      out.summary = line.substr(k_summary.size());
    } else {
      for (std::size_t i = 0; i < std::size(k_cache_desc); ++i) {
        if (line.starts_with(k_cache_desc[i])) out.caches[i] = line.substr(k_cache_desc[i].size());
      }
    }
  }
  return out;
}

}  // namespace

std::optional<cache_dump> dump_cache_events(std::string_view text, std::string_view label) {
  const auto lines = scan_dump(text, label);
  if (!lines.triggered || !lines.events) return std::nullopt;
  const auto columns = find_cache_columns(*lines.events);
  auto counts = lines.totals ? counts_of(*lines.totals) : std::nullopt;
  if (!counts && lines.summary) counts = counts_of(*lines.summary);
  if (!columns || !counts) return std::nullopt;
  cache_dump out;
  for (std::size_t i = 0; i < columns->size(); ++i) {
    // callgrind leaves out trailing zero counts.
    out.totals.counts[i] = (*columns)[i] < counts->size() ? (*counts)[(*columns)[i]] : 0;
  }
  constexpr std::string_view k_level_names[] = {"I1 ", "D1 ", "LL "};
  for (std::size_t i = 0; i < std::size(k_cache_desc); ++i) {
    out.model += (i > 0 ? "; " : "") + std::string(k_level_names[i]) + std::string(lines.caches[i]);
  }
  return out;
}

std::optional<std::int64_t> dump_instructions(std::string_view text, std::string_view label) {
  const auto lines = scan_dump(text, label);
  if (!lines.triggered) return std::nullopt;
  auto totals = lines.totals ? first_count(*lines.totals) : std::nullopt;
  if (!totals && lines.summary) totals = first_count(*lines.summary);
  return totals;
}

}  // namespace benchgate::run
