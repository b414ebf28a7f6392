// The explanations of failing cells on the report page (report --explain):
// a line under each explained cell's row and a section with each cell's top
// functions and its differential flame graph.

#include <cstdio>

#include "harness/html/escape.hpp"
#include "harness/html/page_parts.hpp"
#include "harness/support/text/decimal_text.hpp"

namespace benchgate::html::detail {

namespace {

// Functions named in a cell's row, and listed in its table in the section.
constexpr std::size_t k_row_functions = 3;
constexpr std::size_t k_section_functions = 5;
using text::one_decimal;

std::string anchor(std::size_t index) { return "why-" + std::to_string(index + 1); }

std::string totals_text(const explain::explanation& e) {
  const double change = e.new_side.total - e.old_side.total;
  return one_decimal(e.old_side.total) + " \xe2\x86\x92 " + one_decimal(e.new_side.total) + " instructions per iteration (" +
         one_decimal(change, true) +
         (e.old_side.total > 0 ? ", " + text::percent_change(e.old_side.total, e.new_side.total) : "") + ")";
}

// The assessment in a few words (docs/explain.md says what each means; the
// text report and the Markdown block spell out the layout advice).
std::string assessment_words(const explain::explanation& e) {
  switch (e.assessment) {
    case explain::explain_assessment::code_change:
      return "A code change: the functions below run a different number of instructions per iteration.";
    case explain::explain_assessment::layout_or_memory:
      return "No function's count changed, yet the time did: likely a layout or memory effect, not a code change.";
    case explain::explain_assessment::memory_effect:
      return "No function's instruction count changed, its simulated cache costs did: likely a memory effect.";
    case explain::explain_assessment::layout_effect:
      return "Neither instruction counts nor simulated cache costs changed, yet the time did: likely a layout "
             "(alignment) effect.";
    case explain::explain_assessment::no_change: return "No function's instruction count changed.";
  }
  return "";
}

std::string flamegraph_link(const explain::explanation& e) {
  if (!e.flamegraph) return "";
  return "<a href=\"" + escape(*e.flamegraph) + "\">differential flame graph</a>";
}

}  // namespace

std::string explanation_row(const page_input& input, const std::string& cell, std::size_t columns) {
  if (input.explanations == nullptr) return "";
  const auto& all = input.explanations->explanations;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& e = all[i];
    if (e.cell != cell) continue;
    std::string functions;
    for (std::size_t f = 0; f < e.functions.size() && f < k_row_functions; ++f) {
      const auto& row = e.functions[f];
      functions += (f == 0 ? "" : ", ") + escape(row.name) + " (" + one_decimal(row.new_self - row.old_self, true) + ")";
    }
    std::string out = "<tr class=\"why\"><td class=\"text\" colspan=\"" + std::to_string(columns) +
                      "\">Why: " + escape(totals_text(e)) +
                      (functions.empty() ? "; no function's count changed" : "; " + functions) + ". <a href=\"#" +
                      anchor(i) + "\">details</a>";
    if (e.flamegraph) out += ", " + flamegraph_link(e);
    return out + "</td></tr>\n";
  }
  return "";
}

std::string explain_section(const page_input& input) {
  if (input.explanations == nullptr) return "";
  const auto& d = *input.explanations;
  std::string out = "<h2 id=\"why\">Why it changed</h2>\n<p>From " + escape(input.explanations_label) +
                    ": each failing cell run under valgrind's callgrind in both builds (benchgate explain); the "
                    "functions whose own instructions per iteration changed most.</p>\n";
  for (std::size_t i = 0; i < d.explanations.size(); ++i) {
    const auto& e = d.explanations[i];
    out += "<h3 id=\"" + anchor(i) + "\">" + escape(e.cell) + "</h3>\n<p>" + escape(totals_text(e)) + ". " +
           escape(assessment_words(e)) + "</p>\n";
    if (!e.functions.empty()) {
      out += "<table class=\"why\">\n<thead><tr><th>function</th><th>self old</th><th>self new</th>"
             "<th>self change</th><th>inclusive old</th><th>inclusive new</th><th>inclusive change</th></tr></thead>\n"
             "<tbody>\n";
      for (std::size_t f = 0; f < e.functions.size() && f < k_section_functions; ++f) {
        const auto& row = e.functions[f];
        out += "<tr><td class=\"text\">" + escape(row.name) + "</td><td>" + one_decimal(row.old_self) + "</td><td>" +
               one_decimal(row.new_self) + "</td><td>" + one_decimal(row.new_self - row.old_self, true) + "</td><td>" +
               one_decimal(row.old_inclusive) + "</td><td>" + one_decimal(row.new_inclusive) + "</td><td>" +
               one_decimal(row.new_inclusive - row.old_inclusive, true) + "</td></tr>\n";
      }
      out += "</tbody>\n</table>\n";
    }
    if (!e.notes.empty()) {
      out += "<ul class=\"warnings\">\n";
      for (const auto& note : e.notes) out += "<li>" + escape(note) + "</li>\n";
      out += "</ul>\n";
    }
    if (e.flamegraph) {
      // An <object>, not an <img>: the frames' tooltips (<title>) only show
      // when the SVG is a document of its own.
      out += "<figure><object data=\"" + escape(*e.flamegraph) + "\" type=\"image/svg+xml\" width=\"100%\">" +
             flamegraph_link(e) + "</object><figcaption>" + flamegraph_link(e) +
             ": width is NEW's inclusive cost, colour the change of each frame's own cost (red more, blue fewer); "
             "stacks reconstructed from callgrind's call graph, approximate.</figcaption></figure>\n";
    }
  }
  if (!d.not_explained.empty()) {
    out += "<p>Not explained:</p>\n<ul>\n";
    for (const auto& n : d.not_explained) out += "<li>" + escape(n) + "</li>\n";
    out += "</ul>\n";
  }
  return out;
}

}  // namespace benchgate::html::detail
