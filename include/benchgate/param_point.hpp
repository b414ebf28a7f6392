#pragma once
// benchgate/param_point.hpp: the points of a case's parameter grid.
//
// Contract: a point is a list of (axis, value) pairs in the case's axis
// order; values are text, already accepted by the axis's value check when a
// case sees them. integer()/number() parse a value and throw input_error
// naming the axis when it is missing or not a number; find() never throws.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace benchgate {

// The values chosen for one axis.
struct axis_values {
  std::string axis;
  std::vector<std::string> values;
};

// One point of a grid: (axis, value) pairs in the case's axis order. A point
// need not name every axis (grids that are not a product).
class param_point {
 public:
  param_point() = default;
  explicit param_point(std::vector<std::pair<std::string, std::string>> values)
      : values_(std::move(values)) {}

  const std::vector<std::pair<std::string, std::string>>& values() const { return values_; }

  // The value of `axis`, or nullptr when the point does not name it.
  const std::string* find(std::string_view axis) const;

  // The value of `axis` as an integer or a finite number; input_error when
  // the point does not name the axis or the value is not one.
  std::int64_t integer(std::string_view axis) const;
  double number(std::string_view axis) const;

  // "axis:value/axis:value", the point's part of a cell name; "" when empty.
  std::string label() const;

  friend bool operator==(const param_point&, const param_point&) = default;

 private:
  std::vector<std::pair<std::string, std::string>> values_;
};

// "case/variant/axis:value/...": the cell name of a variant at a point.
std::string cell_name(std::string_view case_name, std::string_view variant,
                      const param_point& point);

}  // namespace benchgate
