#pragma once
// Adjusted p-values for the many cells of one comparison, so that a 90-cell
// grid does not cry wolf (docs/statistics.md, "Multiple comparisons"). Pure
// functions.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace benchgate::stats {

enum class correction {
  none,                // raw p-values
  holm,                // family-wise error rate (the default)
  benjamini_hochberg,  // false discovery rate
};

// "none", "holm" or "bh".
std::string_view to_string(correction method);
// Parses "none", "holm" or "bh"; nullopt for anything else.
std::optional<correction> parse_correction(std::string_view text);

// Holm's step-down adjustment (S. Holm, "A simple sequentially rejective
// multiple test procedure", Scand. J. Statist. 1979): with p sorted
// ascending, adjusted p_(i) = max_{j <= i} min(1, (m - j + 1) p_(j)) for
// 1-based i. Returned in the input order; empty input gives empty output.
std::vector<double> holm_adjusted(std::span<const double> p);

// Benjamini-Hochberg step-up adjustment (Y. Benjamini and Y. Hochberg,
// "Controlling the false discovery rate", JRSS B 1995): with p sorted
// ascending, adjusted p_(i) = min_{j >= i} min(1, m p_(j) / j). Returned in
// the input order; empty input gives empty output.
std::vector<double> benjamini_hochberg_adjusted(std::span<const double> p);

// The adjustment `method` names (none returns `p` unchanged).
std::vector<double> adjusted_p_values(std::span<const double> p, correction method);

}  // namespace benchgate::stats
