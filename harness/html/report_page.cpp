#include "harness/html/report_page.hpp"

#include "harness/charts/chart.hpp"
#include "harness/charts/grid_chart.hpp"
#include "harness/html/escape.hpp"
#include "harness/html/page_parts.hpp"
#include "harness/report/format.hpp"

namespace benchgate::html {

namespace {

// Inline so the page needs nothing else; the print rules keep charts and
// table rows whole and drop link colours.
constexpr const char* k_style = R"(
body { font-family: sans-serif; color: #222; margin: 1em auto; max-width: 1500px; padding: 0 1em; }
h1 { margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; vertical-align: top; white-space: nowrap; }
th { background: #f2f2f2; }
.text { text-align: left; white-space: normal; }
.error { color: #b2182b; }
tr.why td { background: #fafafa; font-size: 0.95em; }
.v-improved { background: #d9efd5; }
.v-regressed { background: #f6d2cd; }
.v-within_noise { background: #fbe6c8; }
.v-no_change { background: #eeeeee; }
figure { margin: 1em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
figcaption { font-size: 0.85em; color: #555; }
ul.warnings li { color: #8a4b00; }
@media print {
  body { max-width: none; }
  figure, tr { page-break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
)";

std::string summary_section(const page_input& input) {
  std::size_t errors = 0;
  for (const auto& c : input.run->cells) errors += c.samples.empty() ? 1 : 0;
  std::string out = "<h2 id=\"summary\">Summary</h2>\n<p>" + report::counted(input.run->cells.size(), "cell") +
                    " in " + escape(input.results_label) + ", " + std::to_string(errors) +
                    " not timed.</p>\n";
  const auto* d = input.comparison;
  if (d == nullptr) return out + "<p>No comparison: pass --diff DIFF, or results with baseline cells.</p>\n";
  const auto& s = d->summary;
  out += "<p>Comparison: " + escape(input.comparison_label) + ".</p>\n";
  out += "<table class=\"summary\">\n<thead><tr><th>compared</th><th class=\"v-improved\">improved</th>"
         "<th class=\"v-regressed\">regressed</th><th class=\"v-within_noise\">within noise</th>"
         "<th class=\"v-no_change\">no change</th><th>geometric-mean change</th></tr></thead>\n<tbody><tr>";
  for (const auto n : {s.compared, s.improved, s.regressed, s.within_noise, s.no_change}) {
    out += "<td>" + std::to_string(n) + "</td>";
  }
  out += "<td>" + escape(s.geomean_change ? report::format_percent(*s.geomean_change) : "-") +
         "</td></tr></tbody>\n</table>\n";
  if (!d->warnings.empty()) {
    out += "<ul class=\"warnings\">\n";
    for (const auto& w : d->warnings) out += "<li>" + escape(w.kind + ": " + w.message) + "</li>\n";
    out += "</ul>\n";
  }
  std::string left_out;
  for (const auto& name : d->only_old) left_out += "<li>" + escape(name + ": old side only") + "</li>\n";
  for (const auto& name : d->only_new) left_out += "<li>" + escape(name + ": new side only") + "</li>\n";
  for (const auto& skipped : d->not_compared) left_out += "<li>" + escape(skipped.name + ": " + skipped.reason) + "</li>\n";
  if (!left_out.empty()) out += "<p>Not compared:</p>\n<ul>\n" + left_out + "</ul>\n";
  return out + detail::case_summary(input);
}

// The change chart, one bar per compared cell: detail, after the cases.
std::string all_cells_section(const page_input& input) {
  const auto chart = detail::figure(input, "change");
  if (chart.empty()) return "";
  return "<h2 id=\"all-cells\">Every compared cell</h2>\n" + chart;
}

std::string contents(const std::vector<std::string>& cases, bool all_cells, bool history, bool why) {
  std::string out = "<p>Contents: <a href=\"#summary\">summary</a>";
  for (const auto& name : cases) {
    out += ", <a href=\"#" + escape(charts::chart_stem("case", name)) + "\">" + escape(name) + "</a>";
  }
  if (why) out += ", <a href=\"#why\">why it changed</a>";
  if (all_cells) out += ", <a href=\"#all-cells\">every compared cell</a>";
  if (history) out += ", <a href=\"#history\">history</a>";
  return out + ", <a href=\"#environment\">environment</a>, <a href=\"#settings\">settings</a>.</p>\n";
}

}  // namespace

std::string report_page(const page_input& input) {
  const auto cases = charts::case_names(*input.run);
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
      "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<title>benchgate report</title>\n<style>" + std::string(k_style) + "</style>\n</head>\n<body>\n";
  out += "<h1>benchgate report</h1>\n<p>Results: " + escape(input.results_label) +
         (input.run->env.date.empty() ? "" : ", run " + escape(input.run->env.date)) +
         ". Times are per iteration; intervals are bootstrap percentile intervals of the mean.</p>\n";
  const auto all_cells = all_cells_section(input);
  const auto why = detail::explain_section(input);
  out += contents(cases, !all_cells.empty(), !input.history_section.empty(), !why.empty()) + summary_section(input) + why;
  for (const auto& name : cases) {
    out += "<h2 id=\"" + escape(charts::chart_stem("case", name)) + "\">Case " + escape(name) + "</h2>\n";
    out += detail::figure(input, charts::chart_stem("grid", name));
    out += detail::figure(input, charts::chart_stem("speedup", name));
    out += detail::case_table(input, name);
  }
  out += all_cells + input.history_section;
  out += detail::environment_section(input) + detail::settings_section(input);
  return out + "</body>\n</html>\n";
}

}  // namespace benchgate::html
