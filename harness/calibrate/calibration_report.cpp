#include "harness/calibrate/calibration_report.hpp"

#include <algorithm>
#include <sstream>

#include "harness/report/format.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::calibrate {

namespace {

// "1.23%" (no sign: these are sizes of changes).
std::string percent(double fraction) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(2);
  out << fraction * units::k_percent << "%";
  return out.str();
}

// A requested percentage as typed: "10", "12.5".
std::string plain(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

std::string count_of(std::size_t n, std::size_t of) { return std::to_string(n) + "/" + std::to_string(of); }

}  // namespace

std::string calibration_report(const calibration& c) {
  std::ostringstream out;
  out << "Calibration: " << c.repeats << " repeats of A, B and C (C with +" << plain(c.slowdown_pct)
      << "% injected), " << compare::to_string(c.compared.metric) << ", noise threshold "
      << percent(c.compared.noise_threshold) << ", alpha " << plain(c.compared.alpha) << "\n\n";
  std::size_t name_width = std::string("cell").size();
  for (const auto& cell : c.cells) name_width = std::max(name_width, cell.name.size());
  constexpr std::size_t k_gap = 2;
  constexpr std::size_t k_column = 12;
  const char* headers[] = {"false al.", "detected", "A/A P95", "A/A ±CI", "injected", "smallest", "suggested"};
  out << report::pad_right("cell", name_width + k_gap);
  for (const auto* h : headers) out << report::pad_right(h, k_column);
  out << "\n";
  for (const auto& cell : c.cells) {
    out << report::pad_right(cell.name, name_width + k_gap)
        << report::pad_right(count_of(cell.false_alarms, cell.repeats), k_column)
        << report::pad_right(count_of(cell.detections, cell.repeats), k_column)
        << report::pad_right(percent(cell.aa_abs_change_p95), k_column)
        << report::pad_right(percent(cell.aa_half_width_p95), k_column)
        << report::pad_right(report::format_percent(cell.injected_change), k_column)
        << report::pad_right(percent(cell.smallest_detectable), k_column) << percent(cell.suggested_threshold) << "\n";
  }
  const auto rate = [](std::size_t n, std::size_t of) {
    return of > 0 ? percent(static_cast<double>(n) / static_cast<double>(of)) : std::string("-");
  };
  out << "\nfalse-alarm rate: " << count_of(c.false_alarms, c.comparisons) << " A/A comparisons ("
      << rate(c.false_alarms, c.comparisons) << ")\n";
  out << "detection rate:   " << count_of(c.detections, c.comparisons) << " B/C comparisons ("
      << rate(c.detections, c.comparisons) << ") at +" << plain(c.slowdown_pct) << "%\n";
  if (!c.cells.empty()) {
    const auto worst = std::max_element(c.cells.begin(), c.cells.end(), [](const auto& a, const auto& b) {
      return a.smallest_detectable < b.smallest_detectable;
    });
    out << "smallest slowdown flagged in about 95% of runs of every cell (estimate): "
        << percent(worst->smallest_detectable) << " (" << worst->name << ")\n";
  }
  out << "columns: false alarms and detections per repeat; A/A P95 = 95th percentile of |A/A mean change|;\n"
         "A/A ±CI = P95 of the A/A change interval's half-width; injected = median measured B/C change;\n"
         "smallest = noise threshold + the larger half-width + A/A P95 (a regression's interval must clear\n"
         "the threshold after the run-to-run shift); suggested = max(noise threshold, 1.5 x A/A P95),\n"
         "rounded up to 1%.\n";
  for (const auto& skipped : c.not_compared) out << "not compared: " << skipped << "\n";
  return out.str();
}

namespace {

std::string seconds(double s) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(1);
  out << s << " s";
  return out.str();
}

std::string exit_text(const calibration_try& t) {
  if (!t.exit_code) return "killed by a signal";
  return "exit " + std::to_string(*t.exit_code);
}

}  // namespace

std::string calibration_try_line(const std::string& experiment, const calibration_try& t, int of) {
  std::ostringstream out;
  out << experiment << " " << t.number;
  if (of > 0) out << " of " << of;
  out << ": ";
  if (t.step != "gate" && t.step != "ab") {
    out << t.step << " ended with " << exit_text(t) << ", no verdict, " << seconds(t.wall_s);
    return out.str();
  }
  out << exit_text(t) << ", " << t.failing << " failing of " << t.cells << " cells, " << t.unstable << " unstable";
  if (t.injected_cells > 0 || experiment == "injected") {
    out << ", detected " << count_of(t.detected, t.injected_cells) << " injected, " << t.false_failing
        << " failing outside the filter";
  }
  out << ", " << seconds(t.wall_s);
  return out.str();
}

std::string calibration_tries_report(const calibration_tries& c) {
  std::ostringstream out;
  out << "Calibration of " << to_string(c.target);
  if (c.target == calibration_target::gate) out << " --confirm " << c.confirm;
  out << ": A/A tries (the same code on both sides) and injected tries (+" << plain(c.slowdown_pct) << "% on "
      << (c.slowdown_filter ? "'" + *c.slowdown_filter + "'" : std::string("every cell")) << ")\n";
  out << "run options:";
  for (const auto& a : c.run_args) out << " " << a;
  if (!c.command_args.empty()) {
    out << "\n" << to_string(c.target) << " options:";
    for (const auto& a : c.command_args) out << " " << a;
  }
  out << "\n\n";
  for (const auto& e : c.experiments) {
    for (const auto& t : e.tries) out << calibration_try_line(e.name, t) << "\n";
  }
  out << "\n";
  for (const auto& e : c.experiments) {
    out << "== " << (e.name == "aa" ? "A/A" : e.name) << ", " << e.tries.size() << " tries: " << e.exit_0
        << " exit 0, " << e.exit_1 << " exit 1, " << e.exit_3 << " exit 3, " << e.other << " other; ";
    if (e.name == "aa") {
      out << "false failing cells " << e.false_failing;
    } else {
      out << "detected " << count_of(e.detected, e.injected_cells) << " injected cells, failing outside the filter "
          << e.false_failing;
    }
    out << "; " << seconds(e.wall_s) << "\n";
  }
  out << "exit codes: 0 pass, 1 fail, 3 too unstable to judge; other: a run failed or ended otherwise\n";
  return out.str();
}

}  // namespace benchgate::calibrate
