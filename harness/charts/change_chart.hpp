#pragma once
// The change chart of a diff: one horizontal bar per compared cell (the
// relative change of the mean time) with its confidence interval as
// whiskers, coloured by verdict, and the noise threshold (and a gate's
// threshold, when given) as vertical lines.

#include <optional>
#include <string>

#include "harness/charts/chart.hpp"
#include "harness/compare/diff_model.hpp"

namespace benchgate::charts {

// "#rrggbb" of a verdict, shared with the HTML page.
std::string verdict_color(stats::verdict v);

// Stem "change". `gate_threshold` is a fraction (0.05 = 5 %), drawn at +-.
chart change_chart(const compare::diff& d, std::optional<double> gate_threshold);

}  // namespace benchgate::charts
