#pragma once
// The small types a case shares with the files benchgate writes and reads:
// a variant's role, a figure, the work per iteration. Results, statistics,
// charts and reports use these without the case interface (suite/case.hpp),
// so the file-reading side never compiles against Google Benchmark.

#include <optional>
#include <string>
#include <string_view>

namespace benchgate::suite {

enum class variant_role { baseline, core, peer };

// "baseline", "core" or "peer".
std::string_view to_string(variant_role role);
// Parses "baseline", "core" or "peer"; nullopt for anything else.
std::optional<variant_role> parse_variant_role(std::string_view text);

// A named number about a cell that is not a time: header bytes, output size.
struct figure {
  std::string name;   // [a-z0-9_]+
  double value = 0;
  std::string unit;   // "B", "ratio", "rows", ...
};

enum class work_unit { none, bytes, items };

// "bytes", "items" or "none".
std::string_view to_string(work_unit unit);
std::optional<work_unit> parse_work_unit(std::string_view text);

// Work done by one iteration of the timed loop, for throughput.
struct work_per_iteration {
  work_unit unit = work_unit::none;
  double amount = 0;  // bytes or items per iteration
};

}  // namespace benchgate::suite
