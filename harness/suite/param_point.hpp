#pragma once
// Parameter points of a case's grid.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace benchgate::suite {

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

  // "axis:value/axis:value", the point's part of a cell name; "" when empty.
  std::string label() const;

  friend bool operator==(const param_point&, const param_point&) = default;

 private:
  std::vector<std::pair<std::string, std::string>> values_;
};

// "case/variant/axis:value/...": the cell name of a variant at a point.
std::string cell_name(std::string_view case_name, std::string_view variant,
                      const param_point& point);

}  // namespace benchgate::suite
