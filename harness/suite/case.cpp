#include "benchgate/case.hpp"

namespace benchgate {

std::vector<param_point> benchmark_case::points(
    const std::vector<axis_values>& chosen, const std::vector<std::filesystem::path>&) const {
  return cartesian_points(chosen);
}

std::vector<param_point> cartesian_points(const std::vector<axis_values>& chosen) {
  std::vector<std::vector<std::pair<std::string, std::string>>> rows(1);
  for (const auto& axis : chosen) {
    std::vector<std::vector<std::pair<std::string, std::string>>> next;
    next.reserve(rows.size() * axis.values.size());
    for (const auto& row : rows) {
      for (const auto& value : axis.values) {
        auto extended = row;
        extended.emplace_back(axis.axis, value);
        next.push_back(std::move(extended));
      }
    }
    rows = std::move(next);
  }
  std::vector<param_point> points;
  points.reserve(rows.size());
  for (auto& row : rows) points.emplace_back(std::move(row));
  return points;
}

}  // namespace benchgate
