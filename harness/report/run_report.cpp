#include "harness/report/run_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

#include "harness/report/format.hpp"
#include "harness/formats/metric.hpp"
#include "harness/stats/summary.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::report {

namespace {


// Instruction mode: every sample carries its count per iteration.
bool counts_instructions(const results::cell& c) {
  return !c.samples.empty() &&
         std::all_of(c.samples.begin(), c.samples.end(), [](const auto& s) { return s.instructions.has_value(); });
}

// What the report shows of each sample: instructions per iteration when
// counted (the times of a run under callgrind are ~50x slowed and say
// nothing), else wall time.
std::vector<double> shown_values(const results::cell& c) {
  std::vector<double> out;
  out.reserve(c.samples.size());
  const bool instructions = counts_instructions(c);
  for (const auto& s : c.samples) out.push_back(instructions ? *s.instructions : s.real_ns);
  return out;
}

std::string point_title(const results::cell& c) {
  std::string title = c.case_name;
  for (const auto& [axis, value] : c.params) title += "/" + axis + ":" + value;
  return title;
}

std::string work_label(const benchgate::work_per_iteration& work) {
  switch (work.unit) {
    case benchgate::work_unit::bytes: {
      auto rate = format_throughput(work.unit, work.amount);  // "6.3906 KiB/s"
      return rate.substr(0, rate.size() - 2) + " per iteration";
    }
    case benchgate::work_unit::items: return format_significant(work.amount) + " items per iteration";
    case benchgate::work_unit::none: return "";
  }
  return "";
}

std::string figure_list(const std::vector<benchgate::figure>& figures) {
  std::string out;
  for (const auto& f : figures) {
    std::ostringstream value;
    value << f.value;
    out += (out.empty() ? "" : ", ") + f.name + " " + value.str() + (f.unit.empty() ? "" : " " + f.unit);
  }
  return out;
}

std::optional<double> figure_value(const results::cell& c, std::string_view name) {
  const auto found =
      std::find_if(c.figures.begin(), c.figures.end(), [&](const auto& f) { return f.name == name; });
  return found != c.figures.end() ? std::optional<double>(found->value) : std::nullopt;
}

// Sampled to a precision target: the samples taken, the half-width reached
// and whether the cap stopped it, in a column of their own.
bool sampled_to_precision(const results::cell& c) {
  return figure_value(c, results::k_ci_half_width_figure).has_value();
}

bool in_precision_column(const benchgate::figure& f) {
  return f.name == results::k_ci_half_width_figure || f.name == results::k_stopped_by_cap_figure;
}

std::string precision_text(const results::cell& c) {
  char text[48];
  std::snprintf(text, sizeof text, "%zu ±%.2f%%%s", c.samples.size(),
                figure_value(c, results::k_ci_half_width_figure).value_or(0),
                figure_value(c, results::k_stopped_by_cap_figure).value_or(0) > 0 ? " cap" : "");
  return text;
}

bool shared_by_all(const benchgate::figure& f, std::span<const results::cell> cells) {
  return std::all_of(cells.begin(), cells.end(), [&](const auto& other) {
    return std::any_of(other.figures.begin(), other.figures.end(),
                       [&](const auto& g) { return g.name == f.name && g.value == f.value; });
  });
}

// The median over a cell's samples of counter `name`; nullopt when a
// sample lacks it (not an allocation run).
std::optional<double> median_counter(const results::cell& c, std::string_view name) {
  std::vector<double> values;
  for (const auto& s : c.samples) {
    const auto it = std::find_if(s.counters.begin(), s.counters.end(), [&](const auto& kv) { return kv.first == name; });
    if (it == s.counters.end()) return std::nullopt;
    values.push_back(it->second);
  }
  if (values.empty()) return std::nullopt;
  return stats::median(values);
}

// A count per iteration: every digit when it is whole (the usual case:
// 1835008, not 1.83501e+06), else to six significant digits.
std::string count_text(double value) {
  constexpr double k_exact_below = 1e15;  // whole doubles print exactly below this
  char text[32];
  if (value == std::floor(value) && std::fabs(value) < k_exact_below) {
    std::snprintf(text, sizeof text, "%.0f", value);
  } else {
    std::snprintf(text, sizeof text, "%.6g", value);
  }
  return text;
}

// Allocation mode: a line per cell with the counts per iteration.
std::string allocation_lines(std::span<const results::cell> cells, std::size_t variant_width) {
  std::string out;
  for (const auto& c : cells) {
    const auto allocations = median_counter(c, results::k_allocations_counter);
    const auto frees = median_counter(c, results::k_frees_counter);
    const auto bytes = median_counter(c, results::k_bytes_allocated_counter);
    const auto peak = median_counter(c, results::k_peak_bytes_counter);
    if (!c.error.empty() || !allocations || !frees || !bytes || !peak) continue;
    out += "  " + pad_right(c.variant + " ", variant_width) + count_text(*allocations) + " allocations, " +
           count_text(*frees) + " frees, " + count_text(*bytes) + " B allocated, peak " + count_text(*peak) +
           " B live\n";
  }
  return out.empty() ? "" : "  per iteration (median):\n" + out;
}

}  // namespace

std::string point_report(std::span<const results::cell> cells) {
  if (cells.empty()) return "";
  std::ostringstream out;
  const auto& first = cells.front();
  out << point_title(first);
  if (const auto work = work_label(first.work); !work.empty()) out << "   (" << work << ")";
  out << "\n";
  const auto baseline = std::find_if(cells.begin(), cells.end(), [](const auto& c) {
    return c.role == benchgate::variant_role::baseline && c.error.empty() && !c.samples.empty();
  });
  const double baseline_median =
      baseline != cells.end() ? stats::median(shown_values(*baseline)) : 0.0;
  const bool instructions = std::any_of(cells.begin(), cells.end(), counts_instructions);
  const bool targeted = std::any_of(cells.begin(), cells.end(), sampled_to_precision);

  // Wide enough for the longest variant name and a space.
  constexpr std::size_t k_min_variant_width = 14;
  std::size_t variant_width = k_min_variant_width;
  for (const auto& c : cells) variant_width = std::max(variant_width, report::display_width(c.variant) + 2);
  constexpr std::size_t k_role_width = 10;
  constexpr std::size_t k_time_width = 24;
  constexpr std::size_t k_thrpt_width = 16;
  constexpr std::size_t k_precision_width = 20;
  out << "  " << pad_right("variant", variant_width) << pad_right("role", k_role_width)
      << pad_right(instructions ? "instr (median ± MAD)" : "time (median ± MAD)", k_time_width)
      << pad_right(instructions ? "" : "thrpt", k_thrpt_width)
      << (targeted ? pad_right("samples ± 95% CI", k_precision_width) : "") << "vs baseline (median)\n";
  for (const auto& c : cells) {
    out << "  " << pad_right(c.variant, variant_width)
        << pad_right(c.role ? std::string(benchgate::to_string(*c.role)) : "-", k_role_width);
    if (!c.error.empty() || c.samples.empty()) {
      out << "FAILED: " << (c.error.empty() ? "no samples" : c.error) << "\n";
      continue;
    }
    const auto times = shown_values(c);
    const double med = stats::median(times);
    const double spread = med > 0 ? stats::mad(times) / med : 0;
    char spread_text[32];
    std::snprintf(spread_text, sizeof spread_text, " ±%5.2f%%", spread * units::k_percent);
    out << pad_right((instructions ? format_significant(med) : format_time_ns(med)) + spread_text, k_time_width);
    const auto rate =
        med > 0 && !instructions ? format_throughput(c.work.unit, c.work.amount * units::k_ns_per_s / med) : "";
    out << pad_right(rate, k_thrpt_width);
    if (targeted) out << pad_right(sampled_to_precision(c) ? precision_text(c) : "", k_precision_width);
    if (baseline != cells.end() && &*baseline != &c && baseline_median > 0) {
      char ratio[32];
      std::snprintf(ratio, sizeof ratio, "%.4fx  ", med / baseline_median);
      out << ratio << format_percent(med / baseline_median - 1);
    }
    out << "\n";
  }
  out << allocation_lines(cells, variant_width);
  // Figures equal in every cell describe the workload; the rest, the variant.
  for (const auto& c : cells) {
    std::vector<benchgate::figure> own;
    for (const auto& f : c.figures) {
      if (!shared_by_all(f, cells) && !in_precision_column(f)) own.push_back(f);
    }
    if (!own.empty()) out << "  " << pad_right(c.variant + ":", variant_width) << figure_list(own) << "\n";
  }
  std::vector<benchgate::figure> common;
  for (const auto& f : first.figures) {
    if (shared_by_all(f, cells) && !in_precision_column(f)) common.push_back(f);
  }
  if (!common.empty()) out << "  " << pad_right("workload:", variant_width) << figure_list(common) << "\n";
  out << "\n";
  return out.str();
}

std::string run_summary(std::span<const results::cell> cells, double elapsed_s, std::size_t unchecked) {
  std::ostringstream out;
  std::size_t failed = 0;
  for (const auto& c : cells) failed += !c.error.empty();
  out << counted(cells.size(), "cell") << " in " << format_duration_s(elapsed_s) << "; ";
  if (failed == 0 && unchecked == 0) {
    out << "every cell checked its output and ran.\n";
  } else if (failed == 0) {
    out << "every cell ran; " << unchecked << " of them (plain Google Benchmark registrations) check no output.\n";
  } else {
    out << failed << " FAILED:\n";
    for (const auto& c : cells) {
      if (!c.error.empty()) out << "  " << c.name << ": " << c.error << "\n";
    }
  }
  return out.str();
}

}  // namespace benchgate::report
