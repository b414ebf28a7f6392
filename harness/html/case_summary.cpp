// The report's at-a-glance table: one row per case (and variant), verdict
// counts and the geometric-mean change, before the per-cell detail.

#include <map>
#include <vector>

#include "harness/compare/compare.hpp"
#include "harness/html/escape.hpp"
#include "harness/html/page_parts.hpp"
#include "harness/report/format.hpp"

namespace benchgate::html::detail {

namespace {

// "page_iter / core" for benchgate results; the case alone for Google
// Benchmark JSON, whose cells have no variants.
std::string group_of(const page_input& input, const results::cell_index& cells, const compare::cell_diff& d) {
  const auto* c = cells.find(d.new_side.name);
  if (input.google_benchmark || c == nullptr || c->variant.empty()) return d.case_name;
  return d.case_name + " / " + c->variant;
}

std::string speedup_text(const std::optional<double>& change) {
  if (!change || 1 + *change <= 0) return "-";
  return report::format_significant(1 / (1 + *change)) + "x";
}

}  // namespace

std::string case_summary(const page_input& input) {
  const auto* d = input.comparison;
  if (d == nullptr || d->cells.empty()) return "";
  const results::cell_index cells(*input.run);
  std::map<std::string, std::vector<const compare::cell_diff*>> groups;
  for (const auto& c : d->cells) groups[group_of(input, cells, c)].push_back(&c);
  const bool variants = d->mode == compare::compare_mode::variants;
  std::string out =
      "<p>Per case" + std::string(input.google_benchmark ? "" : " and variant") +
      " (the detail of every cell is in the case's table below):</p>\n<table class=\"summary\">\n"
      "<thead><tr><th class=\"text\">" + std::string(input.google_benchmark ? "case" : "case / variant") +
      "</th><th>compared</th><th class=\"v-improved\">improved</th><th class=\"v-regressed\">regressed</th>"
      "<th class=\"v-within_noise\">within noise</th><th class=\"v-no_change\">no change</th>"
      "<th>geometric-mean change</th>" + (variants ? "<th>geometric-mean speed-up</th>" : "") +
      "</tr></thead>\n<tbody>\n";
  for (const auto& [name, members] : groups) {
    const auto s = compare::summarize_group(members);
    out += "<tr><td class=\"text\">" + escape(name) + "</td>";
    for (const auto n : {s.compared, s.improved, s.regressed, s.within_noise, s.no_change}) {
      out += "<td>" + std::to_string(n) + "</td>";
    }
    out += "<td>" + escape(s.geomean_change ? report::format_percent(*s.geomean_change) : "-") + "</td>";
    if (variants) out += "<td>" + escape(speedup_text(s.geomean_change)) + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace benchgate::html::detail
