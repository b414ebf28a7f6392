#include "harness/charts/panel_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "harness/charts/axis_scale.hpp"
#include "harness/charts/gnuplot_text.hpp"

namespace benchgate::charts {

namespace {

constexpr std::size_t k_max_columns = 3;
constexpr int k_panel_width_px = 520;
constexpr int k_panel_height_px = 400;
constexpr int k_single_width_px = 800;
constexpr int k_single_height_px = 500;
constexpr int k_title_height_px = 40;
constexpr double k_band_opacity = 0.2;
constexpr double k_dodge_step = 0.08;  // of the gap between named x values
// Beyond 2^53 doubles skip integers: no power-of-two test there.
constexpr double k_max_exact_integer = 9007199254740992.0;
// A log axis reaches this factor beyond its end values, so their points
// and error bars are not on the frame.
constexpr double k_log_margin = 1.25;

// Colour-blind-safe qualitative colours (Okabe and Ito, 2008).
constexpr std::array<const char*, 8> k_palette = {"#0072b2", "#d55e00", "#009e73", "#cc79a7",
                                                  "#e69f00", "#56b4e9", "#000000", "#f0e442"};

std::string x_tics(const panel& p) {
  std::string out = "  set xtics (";
  for (std::size_t i = 0; i < p.x_values.size(); ++i) {
    out += (i ? ", " : "") + gp_quote(p.x_values[i]) + " " + std::to_string(i);
  }
  return out + ") rotate by -30\n  set xrange [-0.5:" + gp_number(static_cast<double>(p.x_values.size()) - 0.5) +
         "]\n";
}

bool is_power_of_two(double x) {
  if (!(x >= 1) || x != std::floor(x) || x > k_max_exact_integer) return false;
  const auto n = static_cast<std::uint64_t>(x);
  return (n & (n - 1)) == 0;
}

// Tics at each value, labelled as written (sizes read "1024", not "1e+03").
std::string value_tics(const panel& p, const std::vector<double>& xs) {
  std::string out = "  set xtics (";
  for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + gp_quote(p.x_values[i]) + " " + gp_number(xs[i]);
  return out + ") norotate\n";
}

// A numeric x axis: log base 2 with a tic per value when the values are
// powers of two (Google Benchmark's Range(8, 8 << 10) and most size
// sweeps), log 10 when they span decades, else linear. One value gets a
// range around it and one tic, not gnuplot's tics at x-1, x, x+1.
std::string numeric_x_axis(const panel& p, const std::vector<double>& xs) {
  if (xs.size() == 1) {
    const double half = xs[0] == 0 ? 1 : std::abs(xs[0]) / 2;
    return "  unset logscale x\n" + value_tics(p, xs) + "  set xrange [" + gp_number(xs[0] - half) + ":" +
           gp_number(xs[0] + half) + "]\n";
  }
  if (xs.size() > 1 && std::all_of(xs.begin(), xs.end(), is_power_of_two)) {
    const double low = *std::min_element(xs.begin(), xs.end());
    const double high = *std::max_element(xs.begin(), xs.end());
    return "  set logscale x 2\n" + value_tics(p, xs) + "  set xrange [" + gp_number(low / k_log_margin) + ":" +
           gp_number(high * k_log_margin) + "]\n";
  }
  return std::string(spans_decades(xs) ? "  set logscale x\n" : "  unset logscale x\n") +
         "  set xtics autofreq norotate\n  set autoscale x\n";
}

}  // namespace

std::string palette_color(std::size_t index) { return k_palette[index % k_palette.size()]; }

chart make_panel_chart(const panel_chart_spec& spec, std::vector<panel_lines> panels) {
  chart c;
  c.stem = spec.stem;
  c.title = spec.title;
  const std::size_t columns = std::min(k_max_columns, std::max<std::size_t>(panels.size(), 1));
  const std::size_t rows = (panels.size() + columns - 1) / columns;
  if (panels.size() <= 1) {
    c.width_px = k_single_width_px;
    c.height_px = k_single_height_px;
  } else {
    c.width_px = k_panel_width_px * static_cast<int>(columns);
    c.height_px = k_panel_height_px * static_cast<int>(rows) + k_title_height_px;
  }

  std::string body = "  set multiplot layout " + std::to_string(rows) + "," + std::to_string(columns) +
                     " title " + gp_quote(spec.title) + "\n";
  std::size_t block = 0;
  for (std::size_t pi = 0; pi < panels.size(); ++pi) {
    auto& p = panels[pi];
    body += "  # panel " + std::to_string(pi + 1) + (p.layout.title.empty() ? "" : ": " + p.layout.title) + "\n";
    body += "  set title " + gp_quote(p.layout.title) + "\n";
    body += "  set xlabel " + gp_quote(p.layout.x_axis.empty() ? "(no parameter)" : p.layout.x_axis) + "\n";
    body += "  set ylabel " + gp_quote(spec.y_label) + "\n";
    body += "  set grid\n";
    // Under every panel: inside one it covered points, and under the first
    // only it would shrink that panel alone.
    body += "  set key below horizontal\n";
    // Each panel decides: one row size may span decades where another does not.
    std::vector<double> panel_y;
    for (const auto& s : p.lines) {
      for (const auto& pt : s.points) panel_y.insert(panel_y.end(), {pt.y, pt.low, pt.high});
    }
    if (spec.reference_y) panel_y.push_back(*spec.reference_y);
    body += spans_decades(panel_y) ? "  set logscale y\n" : "  unset logscale y\n";
    if (p.layout.x_numeric) {
      std::vector<double> xs;
      for (const auto& v : p.layout.x_values) xs.push_back(x_position(p.layout, {{p.layout.x_axis, v}}));
      body += numeric_x_axis(p.layout, xs);
    } else {
      body += "  unset logscale x\n" + x_tics(p.layout);
    }
    std::string plot;
    // Named x values: each variant a little aside, so intervals do not overlap.
    const double dodge_origin = (static_cast<double>(p.lines.size()) - 1) / 2;
    std::size_t line_index = 0;
    for (auto& s : p.lines) {
      const double dodge =
          p.layout.x_numeric ? 0.0 : (static_cast<double>(line_index++) - dodge_origin) * k_dodge_step;
      std::sort(s.points.begin(), s.points.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
      c.data += "# panel " + std::to_string(pi + 1) + " " + data_label(p.layout.title) + ", " + s.name +
                ": x estimate low high\n";
      for (const auto& pt : s.points) {
        c.data += gp_number(pt.x + dodge) + " " + gp_number(pt.y) + " " + gp_number(pt.low) + " " + gp_number(pt.high) + "\n";
      }
      c.data += "\n\n";
      const auto color = "lc rgb " + gp_quote(palette_color(s.color));
      const auto source = gp_quote(spec.stem + ".dat") + " index " + std::to_string(block);
      if (!plot.empty()) plot += ", \\\n       ";
      // A band needs a line through numeric x values; else error bars.
      if (spec.style == interval_style::band && p.layout.x_numeric && s.points.size() > 1) {
        plot += source + " using 1:3:4 with filledcurves fs transparent solid " + gp_number(k_band_opacity) +
                " noborder " + color + " notitle, \\\n       " + source + " using 1:2 with linespoints pt 7 ps 0.6 " +
                color + " title " + gp_quote(s.name);
      } else {
        // Lines between named x values (phases, inputs) would suggest a trend.
        const auto style = p.layout.x_numeric ? "yerrorlines" : "yerrorbars";
        plot += source + " using 1:2:3:4 with " + style + " pt 7 ps 0.6 " + color + " title " + gp_quote(s.name);
      }
      ++block;
    }
    if (spec.reference_y) {
      plot += ", \\\n       " + gp_number(*spec.reference_y) + " with lines dt 2 lc rgb '#444444' title " +
              gp_quote(spec.reference_title);
    }
    body += "  plot " + plot + "\n";
  }
  body += "  unset multiplot\n";
  c.body = std::move(body);
  return c;
}

}  // namespace benchgate::charts
