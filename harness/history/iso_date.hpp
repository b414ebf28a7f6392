#pragma once
// Dates of commits and runs: ISO 8601 text as git (%cI), Google Benchmark's
// context and benchgate results write it, turned into seconds since the
// epoch so that dates in different time zones order correctly.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace benchgate::history {

struct instant {
  std::int64_t epoch_s = 0;  // seconds since 1970-01-01T00:00:00Z
  std::string utc;           // "2026-12-04T08:30:00Z"
};

// "YYYY-MM-DD", or that with "THH:MM[:SS[.fraction]]" ('T' or a space)
// and an optional "Z" or "+HH:MM" / "-HHMM" offset (none: UTC); nullopt for
// anything else.
std::optional<instant> parse_iso_date(std::string_view text);

}  // namespace benchgate::history
