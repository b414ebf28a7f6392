#include "harness/charts/change_chart.hpp"

#include "harness/charts/gnuplot_text.hpp"
#include "harness/formats/metric.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::charts {

namespace {

constexpr int k_change_width_px = 1100;
constexpr int k_frame_height_px = 160;
constexpr int k_row_height_px = 22;
constexpr double k_bar_half_height = 0.35;  // in rows
// A cell's name on the y axis: longer names (a 280-character template
// name) would leave no room for the plot, so their middle gives way.
constexpr std::size_t k_max_label_chars = 72;
constexpr std::size_t k_label_head_chars = 34;

std::string axis_label(const std::string& name) {
  if (name.size() <= k_max_label_chars) return name;
  const std::string gap = "...";
  // Cut between UTF-8 characters, never inside one (10xxxxxx continues one).
  const auto continues = [&](std::size_t at) { return (static_cast<unsigned char>(name[at]) & 0xC0) == 0x80; };
  std::size_t head = k_label_head_chars;
  while (head > 0 && continues(head)) --head;
  auto tail_start = name.size() - (k_max_label_chars - k_label_head_chars - gap.size());
  while (tail_start < name.size() && continues(tail_start)) ++tail_start;
  return name.substr(0, head) + gap + name.substr(tail_start);
}

std::string threshold_arrows(double fraction, const std::string& color) {
  std::string out;
  for (const double sign : {-1.0, 1.0}) {
    const auto x = gp_number(sign * fraction * units::k_percent);
    out += "  set arrow from first " + x + ", graph 0 to first " + x + ", graph 1 nohead dt 2 lw 1.5 lc rgb " +
           gp_quote(color) + " front\n";
  }
  return out;
}

bool is_time(const compare::time_metric& m) {
  return m == compare::time_metric::real || m == compare::time_metric::cpu;
}

// What the bars are the change of, by the metric's name ("time" for the
// times, as they have always read), and which way is worse for it.
std::string changed_what(const compare::diff& d) {
  return is_time(d.config.metric) ? "time" : compare::to_string(d.config.metric);
}

std::string direction_note(const compare::diff& d) {
  if (is_time(d.config.metric)) return "below 0: faster";
  return std::string(results::to_string(d.config.direction)) + " is better";
}

}  // namespace

std::string verdict_color(stats::verdict v) {
  switch (v) {
    case stats::verdict::improved: return "#1a9850";
    case stats::verdict::regressed: return "#d73027";
    case stats::verdict::within_noise: return "#f4a742";
    case stats::verdict::no_change: break;
  }
  return "#a0a0a0";
}

chart change_chart(const compare::diff& d, std::optional<double> gate_threshold) {
  chart c;
  c.stem = "change";
  const auto level = gp_number(d.config.confidence * units::k_percent);
  c.title = "Change of the mean " + changed_what(d) + " per cell (" + level + "% CI), coloured by verdict";
  c.width_px = k_change_width_px;
  c.height_px = k_frame_height_px + k_row_height_px * static_cast<int>(d.cells.size());
  const auto n = d.cells.size();
  c.data = "# row change_pct low_pct high_pct color label (first cell on top)\n";
  for (std::size_t i = 0; i < n; ++i) {
    const auto& cd = d.cells[i];
    const auto color = std::stoi(verdict_color(cd.verdict).substr(1), nullptr, 16);
    c.data += std::to_string(n - 1 - i) + " " + gp_number(cd.mean_change.estimate * units::k_percent) + " " +
              gp_number(cd.mean_change.lower * units::k_percent) + " " +
              gp_number(cd.mean_change.upper * units::k_percent) + " " +
              std::to_string(color) + " " + data_label(cd.name) + "\n";
  }
  const auto data = gp_quote(c.stem + ".dat");
  std::string body = "  set title " + gp_quote(c.title) + "\n";
  body += "  set xlabel " + gp_quote("change of the mean " + changed_what(d) + " (%); " + direction_note(d)) + "\n";
  body += "  set yrange [-0.7:" + gp_number(static_cast<double>(n) - 0.3) + "]\n";
  // The tics from the script, whose quoting keeps every character of a
  // name (a data file's string cannot hold a double quote).
  std::string tics;
  for (std::size_t i = 0; i < n; ++i) {
    tics += (tics.empty() ? "" : ", ") + gp_quote(axis_label(d.cells[i].name)) + " " + std::to_string(n - 1 - i);
  }
  body += "  set ytics scale 0 (" + tics + ")\n  set grid xtics\n  set key below horizontal\n";
  body += "  set arrow from first 0, graph 0 to first 0, graph 1 nohead lc rgb '#000000'\n";
  body += threshold_arrows(d.config.noise_threshold, "#606060");
  if (gate_threshold) body += threshold_arrows(*gate_threshold, "#b2182b");
  const auto half = gp_number(k_bar_half_height);
  body += "  plot " + data + " using ($2<0?$2:0):1:($2<0?$2:0):($2<0?0:$2):($1-" + half + "):($1+" + half +
          "):5 with boxxyerror fs solid 0.7 noborder lc rgb variable notitle, \\\n";
  body += "       " + data + " using 2:1:3:4 with xerrorbars pt 7 ps 0.4 lc rgb '#000000' notitle";
  for (const auto v : {stats::verdict::improved, stats::verdict::regressed, stats::verdict::within_noise,
                       stats::verdict::no_change}) {
    body += ", \\\n       NaN with boxes fs solid 0.7 noborder lc rgb " + gp_quote(verdict_color(v)) + " title " +
            gp_quote(std::string(stats::to_string(v)));
  }
  body += ", \\\n       NaN with lines dt 2 lw 1.5 lc rgb '#606060' title " +
          gp_quote("noise threshold +-" + gp_number(d.config.noise_threshold * units::k_percent) + "%");
  if (gate_threshold) {
    body += ", \\\n       NaN with lines dt 2 lw 1.5 lc rgb '#b2182b' title " +
            gp_quote("gate threshold +-" + gp_number(*gate_threshold * units::k_percent) + "%");
  }
  c.body = body + "\n";
  return c;
}

}  // namespace benchgate::charts
