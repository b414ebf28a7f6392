#include "harness/explain/explain_markdown.hpp"

#include "harness/explain/cache_text.hpp"
#include "harness/explain/explain_text.hpp"
#include "harness/support/text/decimal_text.hpp"

namespace benchgate::explain {

namespace {

using text::one_decimal;

// A name in a code span: backticks inside would end it, and '|' a table cell.
std::string code_span(std::string name) {
  for (auto& c : name) {
    if (c == '`') c = '\'';
    if (c == '|') c = '/';
  }
  return "`" + name + "`";
}

}  // namespace

std::string explain_markdown(const explain_document& d) {
  std::string out = "### Why it changed (benchgate explain, instructions per iteration under callgrind)\n\n";
  for (const auto& e : d.explanations) {
    const double old_total = e.old_side.total;
    const double change = e.new_side.total - old_total;
    out += "**" + code_span(e.cell) + "**: " + one_decimal(old_total) + " → " + one_decimal(e.new_side.total) + " (" +
           one_decimal(change, true) + (old_total > 0 ? ", " + text::percent_change(old_total, e.new_side.total) : "") +
           ").\n\n";
    if (!e.functions.empty()) {
      out += "| function | self old | self new | self change | inclusive change |\n|---|---:|---:|---:|---:|\n";
      for (std::size_t i = 0; i < e.functions.size() && i < k_markdown_functions; ++i) {
        const auto& f = e.functions[i];
        out += "| " + code_span(f.name) + " | " + one_decimal(f.old_self) + " | " + one_decimal(f.new_self) + " | " +
               one_decimal(f.new_self - f.old_self, true) + " | " + one_decimal(f.new_inclusive - f.old_inclusive, true) + " |\n";
      }
      out += "\n";
    }
    // After the table: the assessment speaks of "the functions above".
    out += assessment_text(e) + "\n\n";
    out += cache_markdown(e);
    if (e.flamegraph) out += "Flame graph: " + code_span(*e.flamegraph) + "\n\n";
    for (const auto& note : e.notes) out += "> " + note + "\n";
    if (!e.notes.empty()) out += "\n";
  }
  if (!d.not_explained.empty()) {
    out += "Not explained:\n";
    for (const auto& n : d.not_explained) out += "- " + n + "\n";
  }
  return out;
}

}  // namespace benchgate::explain
