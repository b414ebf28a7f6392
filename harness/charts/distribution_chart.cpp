#include "harness/charts/distribution_chart.hpp"

#include <algorithm>
#include <vector>

#include "harness/charts/axis_scale.hpp"
#include "harness/charts/gnuplot_text.hpp"
#include "harness/charts/chart.hpp"
#include "harness/formats/metric.hpp"
#include "harness/stats/outliers.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::charts {

namespace {

constexpr int k_distribution_width_px = 800;
constexpr int k_distribution_height_px = 520;
constexpr double k_jitter_width = 0.3;       // of the gap between the two sides
constexpr double k_golden_fraction = 0.6180339887498949;  // spreads jitter evenly
constexpr const char* k_sample_color = "#404040";
constexpr const char* k_mild_color = "#f4a742";
constexpr const char* k_severe_color = "#d73027";

int rgb(const char* hex) { return std::stoi(std::string(hex + 1), nullptr, 16); }

const char* color_of(double v, const stats::tukey_fences& f) {
  if (v < f.low_severe || v > f.high_severe) return k_severe_color;
  if (v < f.low_mild || v > f.high_mild) return k_mild_color;
  return k_sample_color;
}

std::string side_data(int position, const distribution_side& side, double divisor) {
  const auto fences = stats::fences_of(side.ns);
  std::string out = "# " + data_label(side.label) + ": position jittered_position value color\n";
  for (std::size_t i = 0; i < side.ns.size(); ++i) {
    double frac = static_cast<double>(i + 1) * k_golden_fraction;
    frac -= static_cast<double>(static_cast<long long>(frac));
    const double x = position + k_jitter_width * (frac - 0.5);
    out += std::to_string(position) + " " + gp_number(x) + " " + gp_number(side.ns[i] / divisor) + " " +
           std::to_string(rgb(color_of(side.ns[i], fences))) + "\n";
  }
  return out + "\n\n";
}

}  // namespace

chart distribution_chart(const std::string& stem, const compare::cell_diff& cd, const distribution_side& base,
                         const distribution_side& next, double confidence, const compare::time_metric& metric) {
  chart c;
  c.stem = stem;
  c.width_px = k_distribution_width_px;
  c.height_px = k_distribution_height_px;
  c.title = cd.name + "\nchange of the mean " + change_text(cd.mean_change) + " (" +
            gp_number(confidence * units::k_percent) + "% CI), p " +
            (cd.deterministic || cd.p_value < k_smallest_p_shown ? "" : "= ") + p_value_text(cd) +
            (cd.deterministic ? " (deterministic)" : "") + ", " + std::string(stats::to_string(cd.verdict));
  double max_ns = 0;
  std::vector<double> all;
  for (const auto* side : {&base, &next}) {
    for (const double v : side->ns) {
      max_ns = std::max(max_ns, v);
      all.push_back(v);
    }
  }
  // Times are scaled to a readable unit; counts and counters keep theirs.
  const bool time = metric == compare::time_metric::real || metric == compare::time_metric::cpu;
  const auto name = compare::to_string(metric);
  const auto unit = results::unit_of(name);
  const auto scale = time ? time_scale(max_ns) : axis_scale{1, unit};
  const auto y_label = time               ? "time per iteration (" + scale.unit + ")"
                       : metric == compare::time_metric::instructions ? std::string("instructions per iteration")
                       : unit.empty()     ? name
                                          : name + " (" + unit + ")";
  c.data = side_data(1, base, scale.divisor) + side_data(2, next, scale.divisor);
  const auto data = gp_quote(stem + ".dat");
  std::string body = "  set title " + gp_quote_lines(c.title) + "\n";
  body += "  set ylabel " + gp_quote(y_label) + "\n";
  body += "  set xrange [0.4:2.6]\n  set xtics (" + gp_quote(base.label) + " 1, " + gp_quote(next.label) +
          " 2) scale 0\n";
  body += "  set grid ytics\n  set key outside bottom center horizontal\n";
  body += std::string(spans_decades(all) ? "  set logscale y\n" : "") +
          "  set style boxplot nooutliers\n  set boxwidth 0.5\n";
  body += "  plot " + data + " index 0 using (1):3 with boxplot lc rgb '#0072b2' fs transparent solid 0.15 notitle, \\\n";
  body += "       " + data + " index 1 using (2):3 with boxplot lc rgb '#d55e00' fs transparent solid 0.15 notitle, \\\n";
  body += "       " + data + " index 0 using 2:3:4 with points pt 7 ps 0.5 lc rgb variable notitle, \\\n";
  body += "       " + data + " index 1 using 2:3:4 with points pt 7 ps 0.5 lc rgb variable notitle, \\\n";
  body += "       NaN with points pt 7 lc rgb " + gp_quote(k_sample_color) + " title 'sample', \\\n";
  body += "       NaN with points pt 7 lc rgb " + gp_quote(k_mild_color) + " title 'mild outlier (1.5 IQR)', \\\n";
  body += "       NaN with points pt 7 lc rgb " + gp_quote(k_severe_color) + " title 'severe outlier (3 IQR)'\n";
  c.body = std::move(body);
  return c;
}

}  // namespace benchgate::charts
