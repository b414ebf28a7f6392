#pragma once
// The cache side of an explanation (explain --cache-sim): both builds'
// simulated cache costs per iteration and the functions whose own
// estimated cycles changed most, so a change from the memory side (the
// same instructions, more misses) shows per function. Pure: no I/O.

#include <cstddef>
#include <optional>

#include "harness/explain/profile_diff.hpp"
#include "harness/explain/explain_model.hpp"

namespace benchgate::explain {

// A function's estimated cycles per iteration count as unchanged when they
// move by at most this fraction of the OLD total estimated cycles (the same
// tolerance as the instructions', profile_diff.hpp)...
inline constexpr double k_cache_unchanged_fraction = k_unchanged_fraction;
// ...and never less than one RAM access's weight in cycles: a single line
// missing once in a while is not a memory effect.
inline constexpr double k_cache_unchanged_min_cycles = 35;

// The cache side of OLD against NEW, `functions` rows at most (names
// demangled, merged and trimmed as the instruction table's); nullopt unless
// both profiles carry cache events.
std::optional<explained_cache> diff_cache(const profile_side& old_side, const profile_side& new_side,
                                          std::size_t functions);

// True when some function's estimated cycles moved beyond the tolerance.
bool cache_moved(const explained_cache& cache);

}  // namespace benchgate::explain
