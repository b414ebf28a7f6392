#include "harness/calibrate/calibration_report.hpp"

#include <algorithm>
#include <sstream>

#include "harness/report/format.hpp"

namespace benchgate::report {

namespace {

// "1.23%" (no sign: these are sizes of changes).
std::string percent(double fraction) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(2);
  out << fraction * 100 << "%";
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

std::string calibration_report(const results::calibration& c) {
  std::ostringstream out;
  out << "Calibration: " << c.repeats << " repeats of A, B and C (C with +" << plain(c.slowdown_pct)
      << "% injected), " << results::to_string(c.compared.metric) << ", noise threshold "
      << percent(c.compared.noise_threshold) << ", alpha " << plain(c.compared.alpha) << "\n\n";
  std::size_t name_width = std::string("cell").size();
  for (const auto& cell : c.cells) name_width = std::max(name_width, cell.name.size());
  constexpr std::size_t k_gap = 2;
  constexpr std::size_t k_column = 12;
  const char* headers[] = {"false al.", "detected", "A/A P95", "A/A ±CI", "injected", "smallest", "suggested"};
  out << pad_right("cell", name_width + k_gap);
  for (const auto* h : headers) out << pad_right(h, k_column);
  out << "\n";
  for (const auto& cell : c.cells) {
    out << pad_right(cell.name, name_width + k_gap) << pad_right(count_of(cell.false_alarms, cell.repeats), k_column)
        << pad_right(count_of(cell.detections, cell.repeats), k_column)
        << pad_right(percent(cell.aa_abs_change_p95), k_column) << pad_right(percent(cell.aa_half_width_p95), k_column)
        << pad_right(format_percent(cell.injected_change), k_column)
        << pad_right(percent(cell.smallest_detectable), k_column) << percent(cell.suggested_threshold) << "\n";
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
    out << "smallest slowdown detected in every cell: " << percent(worst->smallest_detectable) << " (" << worst->name
        << ")\n";
  }
  out << "columns: false alarms and detections per repeat; A/A P95 = 95th percentile of |A/A mean change|;\n"
         "A/A ±CI = P95 of the A/A change interval's half-width; injected = median measured B/C change;\n"
         "smallest = noise threshold + the larger half-width (a regression's interval must clear the\n"
         "threshold); suggested = max(noise threshold, 1.5 x A/A P95), rounded up to 1%.\n";
  for (const auto& skipped : c.not_compared) out << "not compared: " << skipped << "\n";
  return out.str();
}

}  // namespace benchgate::report
