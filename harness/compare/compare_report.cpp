#include "harness/compare/compare_report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "harness/report/format.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::compare {

namespace {

// criterion.rs aligns its values at column 24 and right-aligns "change:" there.
constexpr std::size_t k_value_column = 24;
const std::string k_indent(k_value_column, ' ');
// criterion prints p-values and outlier shares with 2 decimals; the tests
// line and the summary table show 4, enough to read an adjusted p near alpha.
constexpr int k_p_decimals = 2;
constexpr int k_share_decimals = 2;
constexpr int k_detail_p_decimals = 4;

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

// Up to 6 significant digits, no trailing zeros: "1", "0.5", "95".
std::string compact(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

std::string bracketed(const std::string& a, const std::string& b, const std::string& c) {
  return "[" + a + " " + b + " " + c + "]";
}

// criterion's "(p = 0.00 < 0.05)": "<" when significant, else ">".
std::string p_clause(double p, double alpha) {
  return "(p = " + fixed(p, k_p_decimals) + (p < alpha ? " < " : " > ") + fixed(alpha, k_p_decimals) + ")";
}

std::string percent_interval(const stats::interval_estimate& e) {
  return bracketed(report::format_percent(e.lower), report::format_percent(e.estimate),
                   report::format_percent(e.upper));
}

bool has_throughput(const cell_diff& c) {
  return c.work.unit != benchgate::work_unit::none && c.work.amount > 0 && c.new_side.typical.lower > 0;
}

std::string rate(const cell_diff& c, double ns) {
  return report::format_throughput(c.work.unit, c.work.amount * units::k_ns_per_s / ns);
}

std::string test_line(const cell_diff& c, const diff& d) {
  if (c.deterministic) return "tests:  none: identical counts on each side, the verdict is by the noise threshold";
  const auto correction = std::string(stats::to_string(d.config.correction));
  // Paired, the Welch slot holds the paired t test (comparison_settings).
  std::string line = std::string(d.config.paired ? "tests:  paired t p = " : "tests:  Welch p = ") + fixed(c.welch.p, k_detail_p_decimals);
  if (d.config.correction != stats::correction::none) {
    line += " (" + correction + " " + fixed(c.welch.p_adjusted, k_detail_p_decimals) + ")";
  }
  line += ", U p = " + fixed(c.mann_whitney.p, k_detail_p_decimals);
  if (d.config.correction != stats::correction::none) {
    line += " (" + correction + " " + fixed(c.mann_whitney.p_adjusted, k_detail_p_decimals) + ")";
  }
  line += ", " + std::string(stats::to_string(c.mann_whitney.method));
  return line;
}

// "+4 (abs, from 0 to 4)": the change of the mean where a percentage says little.
std::string absolute_change(double from, double to) {
  return (to - from >= 0 ? "+" : "") + compact(to - from) + " (abs, from " + compact(from) + " to " + compact(to) + ")";
}

// What the changes are of: "time", "instructions" or the counter's name.
std::string measured_noun(const diff& d) {
  if (d.config.metric.of == time_metric::kind::counter) return to_string(d.config.metric);
  return d.config.metric == time_metric::instructions ? "instructions" : "time";
}

std::string verdict_label(stats::verdict v) {
  return v == stats::verdict::within_noise ? "within noise"
         : v == stats::verdict::no_change  ? "no change"
                                           : std::string(stats::to_string(v));
}

std::string percent_of(std::size_t part, std::size_t whole) {
  const double share = whole > 0 ? units::k_percent * static_cast<double>(part) / static_cast<double>(whole) : 0;
  return fixed(share, k_share_decimals) + "%";
}

std::string describe_side(const diff_source& s) {
  std::string text = s.path;
  if (s.baseline) text = "baseline '" + *s.baseline + "' (" + s.path + ")";
  if (s.format != results::results_schema) text += " [" + s.format + "]";
  return text;
}

std::string settings_line(const diff& d) {
  const auto& c = d.config;
  const auto direction = c.metric.of == time_metric::kind::counter
                             ? " (" + std::string(results::to_string(c.direction)) + " is better)"
                             : std::string();
  return to_string(c.metric) + direction + ", verdict from " +
         (c.test == significance_test::welch ? "Welch's t (mixed bootstrap)" : "the Mann-Whitney U test") +
         ", correction " + std::string(stats::to_string(c.correction)) + ", alpha " + compact(c.alpha) +
         ", noise threshold " + compact(c.noise_threshold * units::k_percent) + "%, confidence " +
         compact(c.confidence * units::k_percent) + "%, " + std::to_string(c.resamples) + " resamples, seed " +
         std::to_string(c.seed);
}

}  // namespace

std::string outlier_lines(const stats::outlier_counts& counts, std::size_t measurements) {
  if (counts.total() == 0) return "";
  std::ostringstream out;
  out << "Found " << counts.total() << " outliers among " << measurements << " measurements ("
      << percent_of(counts.total(), measurements) << ")\n";
  const std::pair<std::size_t, const char*> classes[] = {{counts.low_severe, "low severe"},
                                                         {counts.low_mild, "low mild"},
                                                         {counts.high_mild, "high mild"},
                                                         {counts.high_severe, "high severe"}};
  for (const auto& [n, label] : classes) {
    if (n > 0) out << "  " << n << " (" << percent_of(n, measurements) << ") " << label << "\n";
  }
  return out.str();
}

std::string cell_report(const cell_diff& c, const diff& d) {
  std::ostringstream out;
  out << c.name;
  if (d.mode == compare_mode::variants) out << "  (vs " << c.old_side.name << ")";
  out << "\n";
  const auto& t = c.new_side.typical;
  const bool instructions = d.config.metric == time_metric::instructions;
  const bool counter = d.config.metric.of == time_metric::kind::counter;
  if (instructions) {
    out << k_indent << "instr:  "
        << bracketed(report::format_significant(t.lower), report::format_significant(t.estimate),
                     report::format_significant(t.upper))
        << "\n";
  } else if (counter) {
    // A counter in its own words: its name, its value and unit, its direction.
    const auto name = to_string(d.config.metric);
    const auto unit = results::unit_of(name);
    out << k_indent << name << ": "
        << bracketed(report::format_significant(t.lower), report::format_significant(t.estimate),
                     report::format_significant(t.upper))
        << (unit.empty() ? "" : " " + unit) << " (" << results::to_string(d.config.direction) << " is better)\n";
  } else {
    out << k_indent << "time:   "
        << bracketed(report::format_time_ns(t.lower), report::format_time_ns(t.estimate),
                     report::format_time_ns(t.upper)) << "\n";
  }
  const bool throughput = has_throughput(c) && !instructions && !counter;
  if (throughput) {
    out << k_indent << "thrpt:  " << bracketed(rate(c, t.upper), rate(c, t.estimate), rate(c, t.lower)) << "\n";
  }
  const auto p = c.deterministic ? std::string("(p = n/a (deterministic))") : p_clause(c.p_value, d.config.alpha);
  if (throughput && c.throughput_change) {
    out << report::pad_right("", k_value_column - std::string("change:").size()) << "change:\n";
    out << k_indent << "time:   " << percent_interval(c.mean_change) << " " << p << "\n";
    out << k_indent << "thrpt:  " << percent_interval(*c.throughput_change) << "\n";
  } else if (const auto from = c.old_side.mean.estimate, to = c.new_side.mean.estimate;
             counter && (from == 0 || to == 0)) {
    // From or to 0 a relative change says little (from 0 it is not defined).
    out << k_indent << "change: " << absolute_change(from, to) << " " << p << "\n";
  } else {
    out << k_indent << "change: " << percent_interval(c.mean_change) << " " << p << "\n";
  }
  out << k_indent << stats::verdict_sentence(c.verdict) << "\n";
  out << k_indent << test_line(c, d) << "\n";
  for (const auto& w : c.warnings) out << k_indent << "warning: " << w << "\n";
  out << outlier_lines(c.new_side.outliers, c.new_side.samples);
  return out.str();
}

std::string comparison_summary(const diff& d) {
  std::ostringstream out;
  if (d.mode == compare_mode::runs) {
    out << "OLD: " << describe_side(d.old_source) << "\nNEW: " << describe_side(d.new_source) << "\n";
  } else {
    out << "RESULTS: " << describe_side(d.new_source) << "\n";
  }
  out << "Settings: " << settings_line(d) << "\n";
  // The p-values are adjusted across the cells, the intervals are not: an
  // interval clear of zero may come with "No change", and the reader must
  // know why.
  if (d.cells.size() > 1 && d.config.correction != stats::correction::none) {
    out << "Changes are of the mean. p-values are adjusted (" << stats::to_string(d.config.correction)
        << ") across the " << d.cells.size() << " compared cells; the intervals are each cell's own ("
        << compact(d.config.confidence * units::k_percent)
        << "%, not adjusted), so an interval clear of zero can still be \"No change\".\n";
  } else {
    out << "Changes are of the mean.\n";
  }
  if (d.config.clustered) {
    out << "Paired in several process pairs: the sides ran in lockstep, sample i of each back to back, in two or "
           "more pairs of processes; each process pair gives one log ratio of the means, and the intervals and "
           "p-values are Student's t over those (the process pair is the unit).\n";
  } else if (d.config.paired) {
    out << "Paired: the sides ran in lockstep, sample i of each back to back; the intervals resample pairs and "
           "the p-values are the paired t test's (sign-flip p).\n";
  }
  out << "\n";

  std::size_t name_width = std::string("cell").size();
  for (const auto& c : d.cells) name_width = std::max(name_width, c.name.size());
  constexpr std::size_t k_change_width = 14;
  constexpr std::size_t k_p_width = 10;
  constexpr std::size_t k_gap = 2;
  if (!d.cells.empty()) {
    out << report::pad_right("cell", name_width + k_gap) << report::pad_right("change (mean)", k_change_width)
        << report::pad_right("p (adj)", k_p_width) << "verdict\n";
    for (const auto& c : d.cells) {
      // A counter can be 0 (times and counts never are).
      const bool absolute = d.config.metric.of == time_metric::kind::counter &&
                            (c.old_side.mean.estimate == 0 || c.new_side.mean.estimate == 0);
      const auto change = absolute ? (c.new_side.mean.estimate - c.old_side.mean.estimate >= 0 ? "+" : "") +
                                         compact(c.new_side.mean.estimate - c.old_side.mean.estimate) + " abs"
                                   : report::format_percent(c.mean_change.estimate);
      out << report::pad_right(c.name, name_width + k_gap) << report::pad_right(change, k_change_width)
          << report::pad_right(c.deterministic ? std::string("n/a") : fixed(c.p_value, k_detail_p_decimals), k_p_width)
          << verdict_label(c.verdict) << "\n";
    }
    out << "\n";
  }
  const auto& s = d.summary;
  out << "Summary: " << report::counted(s.compared, "cell") << " compared\n";
  constexpr std::size_t k_label_width = 16;
  const std::pair<const char*, std::size_t> counts[] = {
      {"improved", s.improved}, {"regressed", s.regressed}, {"within noise", s.within_noise}, {"unchanged", s.no_change}};
  for (const auto& [label, n] : counts) out << "  " << report::pad_right(label, k_label_width) << n << "\n";
  out << "  " << report::pad_right("geomean change", k_label_width)
      << (s.geomean_change ? report::format_percent(*s.geomean_change) + " (of the mean " + measured_noun(d) + ")"
                           : std::string("-"))
      << (s.geomean_left_out > 0 ? "; " + report::counted(s.geomean_left_out, "cell") +
                                       " at -100% left out (a ratio of 0 has no logarithm)"
                                 : std::string())
      << "\n";

  const auto list = [&](const char* title, const std::vector<std::string>& names) {
    if (names.empty()) return;
    out << title << " (" << names.size() << "):\n";
    for (const auto& n : names) out << "  " << n << "\n";
  };
  // Compared by name, a cell on one side only is a benchmark the change
  // removed or added.
  const bool by_name = d.mode == compare_mode::runs;
  list(by_name ? "Removed: only in OLD" : "Only in OLD", d.only_old);
  list(by_name ? "New: only in NEW" : "Without a base cell", d.only_new);
  if (!d.not_compared.empty()) {
    out << "Not compared (" << d.not_compared.size() << "):\n";
    for (const auto& n : d.not_compared) out << "  " << n.name << ": " << n.reason << "\n";
  }
  return out.str();
}

std::string comparison_report(const diff& d) {
  std::string out;
  for (const auto& c : d.cells) out += cell_report(c, d) + "\n";
  return out + comparison_summary(d);
}

}  // namespace benchgate::compare
