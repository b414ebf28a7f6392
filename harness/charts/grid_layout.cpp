#include "harness/charts/grid_layout.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "harness/support/text/parse_number.hpp"

namespace benchgate::charts {

namespace {

std::vector<std::string> axis_names(const param_list& params) {
  std::vector<std::string> out;
  for (const auto& [name, value] : params) out.push_back(name);
  return out;
}

bool all_numeric(const std::vector<std::string>& values) {
  return std::all_of(values.begin(), values.end(),
                     [](const std::string& v) { return text::parse_double(v).has_value(); });
}

void add_unique(std::vector<std::string>& values, const std::string& v) {
  if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
}

// The x axis of cells sharing `names`: among the axes with more than one
// value, the numeric one with the most values (the later one on a tie, so
// the innermost loop of the grid wins), else the one with the most values;
// an axis with one value only when no axis has more.
std::string pick_x_axis(const std::vector<std::string>& names, std::span<const param_list> cells,
                        const std::vector<std::size_t>& members) {
  std::string best;
  std::tuple<bool, bool, std::size_t> best_rank{false, false, 0};
  for (const auto& name : names) {
    std::vector<std::string> values;
    for (const auto i : members) add_unique(values, param_value(cells[i], name));
    const std::tuple<bool, bool, std::size_t> rank{values.size() > 1, all_numeric(values), values.size()};
    if (best.empty() || rank >= best_rank) {
      best = name;
      best_rank = rank;
    }
  }
  return best;
}

std::string panel_title(const param_list& params, const std::string& x_axis) {
  std::string out;
  for (const auto& [name, value] : params) {
    if (name == x_axis) continue;
    out += (out.empty() ? "" : ", ") + name + " = " + value;
  }
  return out;
}

}  // namespace

std::string param_value(const param_list& params, const std::string& axis) {
  for (const auto& [name, value] : params) {
    if (name == axis) return value;
  }
  return "";
}

std::vector<panel> grid_panels(std::span<const param_list> cells) {
  // Group by the list of axis names, keeping first-seen order.
  std::vector<std::pair<std::vector<std::string>, std::vector<std::size_t>>> shapes;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto names = axis_names(cells[i]);
    auto it = std::find_if(shapes.begin(), shapes.end(), [&](const auto& s) { return s.first == names; });
    if (it == shapes.end()) shapes.push_back({names, {i}});
    else it->second.push_back(i);
  }
  std::vector<std::pair<std::size_t, panel>> ordered;  // first member, panel
  for (const auto& [names, members] : shapes) {
    const auto x_axis = pick_x_axis(names, cells, members);
    std::map<std::string, std::size_t> by_title;
    std::vector<panel> panels;
    for (const auto i : members) {
      const auto title = panel_title(cells[i], x_axis);
      auto [it, inserted] = by_title.emplace(title, panels.size());
      if (inserted) panels.push_back(panel{title, x_axis, false, {}, {}});
      auto& p = panels[it->second];
      p.members.push_back(i);
      add_unique(p.x_values, param_value(cells[i], x_axis));
    }
    for (auto& p : panels) {
      p.x_numeric = !x_axis.empty() && all_numeric(p.x_values);
      if (p.x_numeric) {
        std::sort(p.x_values.begin(), p.x_values.end(), [](const std::string& a, const std::string& b) {
          return *text::parse_double(a) < *text::parse_double(b);
        });
      }
      const auto first = p.members.front();
      ordered.emplace_back(first, std::move(p));
    }
  }
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<panel> out;
  for (auto& [first, p] : ordered) out.push_back(std::move(p));
  return out;
}

double x_position(const panel& p, const param_list& params) {
  const auto value = param_value(params, p.x_axis);
  if (p.x_numeric) return *text::parse_double(value);
  const auto it = std::find(p.x_values.begin(), p.x_values.end(), value);
  return static_cast<double>(it - p.x_values.begin());
}

}  // namespace benchgate::charts
