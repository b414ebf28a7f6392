#pragma once
// benchgate/case_types.hpp: the small types a case shares with the files
// benchgate writes: a variant's role, a figure, the work per iteration.
//
// Contract: plain values, no Google Benchmark, no allocation beyond
// std::string. to_string/parse_* round-trip exactly; parse_* returns nullopt
// for any other text and never throws.

#include <optional>
#include <string>
#include <string_view>

namespace benchgate {

// baseline: the naive code every other variant is checked and compared
// against (exactly one per case); core: the optimized code under test;
// peer: what a user would pick instead (a library, the standard algorithm).
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

}  // namespace benchgate
