#pragma once
// A chart of panels (grid_layout.hpp), each with one line per variant and
// its confidence interval: error bars (grid chart) or a band (speed-up).

#include <optional>
#include <string>
#include <vector>

#include "harness/charts/chart.hpp"
#include "harness/charts/grid_layout.hpp"

namespace benchgate::charts {

struct series_point {
  double x = 0;     // position (grid_layout.hpp x_position)
  double y = 0;     // estimate, in the chart's unit
  double low = 0;   // interval
  double high = 0;
};

struct series {
  std::string name;    // the legend: the variant
  std::size_t color = 0;  // index into the palette, stable across panels
  std::vector<series_point> points;  // sorted by x when made
};

struct panel_lines {
  panel layout;
  std::vector<series> lines;
};

// A band is drawn only through two or more numeric x values; otherwise the
// interval is shown as error bars whatever the style.
enum class interval_style { error_bars, band };

struct panel_chart_spec {
  std::string stem;
  std::string title;
  std::string y_label;
  interval_style style = interval_style::error_bars;
  std::optional<double> reference_y;       // a dashed horizontal line (1 for speed-up)
  std::string reference_title;             // its legend
};

// Lays the panels out in rows of up to three; log axes where the values
// span decades (axis_scale.hpp).
chart make_panel_chart(const panel_chart_spec& spec, std::vector<panel_lines> panels);

// A colour of the palette, "#rrggbb"; indexes wrap around.
std::string palette_color(std::size_t index);

}  // namespace benchgate::charts
