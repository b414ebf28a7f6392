#include "harness/charts/timeline_chart.hpp"

#include <algorithm>
#include <cmath>

#include "harness/charts/axis_scale.hpp"
#include "harness/charts/gnuplot_text.hpp"

namespace benchgate::charts {

namespace {

constexpr std::size_t k_timeline_max_columns = 3;
constexpr int k_timeline_panel_width_px = 420;
constexpr int k_timeline_panel_height_px = 260;
constexpr int k_timeline_title_height_px = 40;
// The chart is at least as wide as its title (a case's name and metric over
// one 420 px panel was cut at both ends): about this much a character, and
// a margin.
constexpr int k_title_char_px = 8;
constexpr int k_title_margin_px = 40;
constexpr std::size_t k_max_xtics = 8;
constexpr const char* k_regression_color = "#d73027";
constexpr const char* k_improvement_color = "#1a9850";
constexpr const char* k_shade_color = "#e0e0e0";

std::string xtics(const std::vector<std::string>& labels) {
  if (labels.empty()) return "  unset xtics\n";
  const std::size_t step = std::max<std::size_t>(1, (labels.size() + k_max_xtics - 1) / k_max_xtics);
  std::string out = "  set xtics rotate by 45 right (";
  for (std::size_t i = 0; i < labels.size(); i += step) {
    if (i > 0) out += ", ";
    out += gp_quote(labels[i]) + " " + std::to_string(i);
  }
  return out + ")\n";
}

// The scale of the y axis: times in the unit that keeps them readable
// ("4.6 ms", not "4.6e+06" ns); other values as they are.
axis_scale y_scale(const timeline_spec& spec) {
  if (spec.y_unit != "ns") return {1, spec.y_unit};
  double max_ns = 0;
  for (const auto& p : spec.panels) {
    for (const auto& pt : p.points) max_ns = std::max(max_ns, std::abs(pt.high));
  }
  return time_scale(max_ns);
}

}  // namespace

chart timeline_chart(const timeline_spec& spec) {
  chart c;
  c.stem = spec.stem;
  c.title = spec.title;
  const std::size_t n = spec.panels.size();
  const std::size_t columns = std::max<std::size_t>(1, std::min(n, k_timeline_max_columns));
  const std::size_t rows = (n + columns - 1) / columns;
  c.width_px = std::max(k_timeline_panel_width_px * static_cast<int>(columns),
                        k_title_char_px * static_cast<int>(spec.title.size()) + k_title_margin_px);
  c.height_px =
      k_timeline_title_height_px + k_timeline_panel_height_px * static_cast<int>(std::max<std::size_t>(rows, 1));
  c.data = "# one block per panel (gnuplot index): x median low high\n";
  const auto data = gp_quote(c.stem + ".dat");
  const double x_max = std::max(1.0, static_cast<double>(spec.commit_labels.size()) - 1);
  std::string body = "  set multiplot layout " + std::to_string(std::max<std::size_t>(rows, 1)) + "," +
                     std::to_string(columns) + " title " + gp_quote(spec.title) + "\n";
  body += "  set xrange [-0.5:" + gp_number(x_max + 0.5) + "]\n";
  body += xtics(spec.commit_labels);
  const auto scale = y_scale(spec);
  const auto y_label = scale.unit.empty() ? spec.y_label : spec.y_label + " (" + scale.unit + ")";
  body += "  set ylabel " + gp_quote(y_label) + "\n  set grid ytics\n  set key off\n";
  for (std::size_t i = 0; i < n; ++i) {
    const auto& p = spec.panels[i];
    c.data += "# " + p.title + "\n";
    for (const auto& pt : p.points) {
      const double d = scale.divisor;
      c.data += gp_number(pt.x) + " " + gp_number(pt.median / d) + " " + gp_number(pt.low / d) + " " +
                gp_number(pt.high / d) + "\n";
    }
    if (p.points.empty()) c.data += "NaN NaN NaN NaN\n";
    c.data += "\n\n";
    body += "  unset arrow\n  unset object\n  set title " + gp_quote(p.title) + "\n";
    int object = 1;
    for (const auto& [first, last] : p.shaded) {
      body += "  set object " + std::to_string(object++) + " rect from first " + gp_number(first - 0.5) +
              ", graph 0 to first " + gp_number(last + 0.5) + ", graph 1 behind fc rgb " + gp_quote(k_shade_color) +
              " fs solid 0.6 noborder\n";
    }
    for (const auto& m : p.changes) {
      body += "  set arrow from first " + gp_number(m.x - 0.5) + ", graph 0 to first " + gp_number(m.x - 0.5) +
              ", graph 1 nohead lw 2 lc rgb " + gp_quote(m.regression ? k_regression_color : k_improvement_color) +
              " front\n";
    }
    body += "  plot " + data + " index " + std::to_string(i) +
            " using 1:2:3:4 with yerrorbars pt 7 ps 0.5 lc rgb '#2c7bb6' notitle, \\\n       " + data + " index " +
            std::to_string(i) + " using 1:2 with lines lw 1 lc rgb '#2c7bb6' notitle\n";
  }
  body += "  unset multiplot\n";
  c.body = body;
  return c;
}

}  // namespace benchgate::charts
