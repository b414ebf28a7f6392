#pragma once
// A timeline chart: small multiples, one panel per cell, commits on the x
// axis, each commit's median with its interval, change points as vertical
// lines (red: slower after, green: faster), and the commits measured on
// another environment shaded (benchgate history plot).

#include <string>
#include <utility>
#include <vector>

#include "harness/charts/chart.hpp"

namespace benchgate::charts {

struct timeline_point {
  double x = 0;  // the commit's index on the shared axis
  double median = 0;
  double low = 0;
  double high = 0;
};

struct timeline_mark {
  double x = 0;  // the first commit after the change
  bool regression = false;
};

struct timeline_panel {
  std::string title;                              // the cell
  std::vector<timeline_point> points;             // by x
  std::vector<timeline_mark> changes;
  std::vector<std::pair<double, double>> shaded;  // [first, last] x of commits on another environment
};

struct timeline_spec {
  std::string stem;
  std::string title;
  std::string y_label;  // what the values are, e.g. "real_time per iteration"
  // The values' unit: "ns" draws them in ns, µs, ms or s, whichever keeps
  // the largest readable (axis_scale.hpp), and names it in the y label;
  // any other unit is named as given; "" names none.
  std::string y_unit;
  std::vector<std::string> commit_labels;  // x index -> short commit id
  std::vector<timeline_panel> panels;
};

chart timeline_chart(const timeline_spec& spec);

}  // namespace benchgate::charts
