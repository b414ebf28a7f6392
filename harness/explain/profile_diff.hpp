#pragma once
// The difference of two callgrind profiles of one cell (OLD and NEW build):
// which functions and source lines changed their instruction count per
// iteration most, and whether any did. Pure: no I/O.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "harness/explain/callgrind_profile.hpp"
#include "harness/explain/explain_model.hpp"

namespace benchgate::explain {

// A function whose self count moves by at most this fraction of the cell's
// OLD total (per iteration) counts as unchanged: a Google Benchmark side
// spreads its once-per-run setup over its own iteration count, so unchanged
// code can differ by a fraction of an instruction per iteration.
inline constexpr double k_unchanged_fraction = 0.001;
// ...and never less than this many instructions per iteration.
inline constexpr double k_unchanged_min_instructions = 1.0;
// A side "has no symbols" when more than this fraction of its instructions
// lies in code callgrind can name only by address.
inline constexpr double k_unnamed_fraction_limit = 0.5;

// One build's profile of the cell, with the iterations it covers (> 0) and
// the count the cell's own measurement gave, when there is one.
struct profile_side {
  std::string binary;
  callgrind_profile profile;
  std::int64_t iterations = 1;
  std::optional<double> measured;
};

struct diff_limits {
  std::size_t functions = 10;          // rows of the function table
  std::size_t line_functions = 3;      // top functions whose lines are listed
  std::size_t lines_per_function = 5;  // lines listed per such function
};

// The explanation of `cell`: functions (names demangled, merged, then
// trimmed) ranked by |self change| (then |inclusive change|, then name),
// unchanged ones and those with no self cost on either side (frames still
// active at the dump, whose inclusive counts are partial) left out; the most changed source lines of the top
// changed functions; the assessment (code change; layout or memory when
// no function moved but `time_change_pct` is given and nonzero; no change
// otherwise) and notes on missing symbols, line information and sums that
// do not reconcile. When both profiles carry cache events (--cache-sim)
// the explanation has its cache side (cache_diff.hpp), and with no
// instruction change the assessment is a memory effect when some
// function's estimated cycles moved, a layout effect when none did but the
// time did.
explanation diff_profiles(const std::string& cell, const std::string& kind, const profile_side& old_side,
                          const profile_side& new_side, std::optional<double> time_change_pct,
                          const diff_limits& limits = {});

}  // namespace benchgate::explain
