#pragma once
// How the cells of one case are laid out on a grid chart: one x axis (the
// numeric axis with the most values: density for page_iter, size for the
// sweeps; else a named axis, spread evenly, e.g. versioned_map's phase; axes
// with a single value come last) and one panel per combination of
// the other axes' values (e.g. per row size). Cells whose axes differ (cases
// whose grid is not one product) get panels of their own.

#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace benchgate::charts {

using param_list = std::vector<std::pair<std::string, std::string>>;

struct panel {
  std::string title;                  // "row_bytes = 8"; "" when no other axis
  std::string x_axis;                 // "" when the cells have no axis at all
  bool x_numeric = false;             // positions are the values, else indexes
  std::vector<std::string> x_values;  // numeric: ascending; else first-seen order
  std::vector<std::size_t> members;   // indexes into the input, in input order
};

// Panels in the order their first cell appears.
std::vector<panel> grid_panels(std::span<const param_list> cells);

// Where a member with `params` sits on the panel's x axis.
double x_position(const panel& p, const param_list& params);

// The value of `axis` in `params`; "" when absent.
std::string param_value(const param_list& params, const std::string& axis);

}  // namespace benchgate::charts
