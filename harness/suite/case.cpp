#include "harness/suite/case.hpp"

namespace benchgate::suite {

std::string_view to_string(variant_role role) {
  switch (role) {
    case variant_role::baseline: return "baseline";
    case variant_role::core: return "core";
    case variant_role::peer: return "peer";
  }
  return "baseline";
}

std::optional<variant_role> parse_variant_role(std::string_view text) {
  for (const auto role : {variant_role::baseline, variant_role::core, variant_role::peer}) {
    if (to_string(role) == text) return role;
  }
  return std::nullopt;
}

std::string_view to_string(work_unit unit) {
  switch (unit) {
    case work_unit::none: return "none";
    case work_unit::bytes: return "bytes";
    case work_unit::items: return "items";
  }
  return "none";
}

std::optional<work_unit> parse_work_unit(std::string_view text) {
  for (const auto unit : {work_unit::none, work_unit::bytes, work_unit::items}) {
    if (to_string(unit) == text) return unit;
  }
  return std::nullopt;
}

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

}  // namespace benchgate::suite
