#include "harness/report/gate_report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

#include "harness/report/format.hpp"

namespace benchgate::report {

using results::level_text;

namespace {

using results::cell_status;
using results::judged_cell;

constexpr double k_percent = 100;
constexpr std::size_t k_gap = 2;
constexpr std::size_t k_change_width = 34;
constexpr std::size_t k_p_width = 10;
constexpr std::size_t k_status_width = 10;

// Worst first: what a reader must act on comes first.
constexpr cell_status k_listed[] = {cell_status::fail, cell_status::unstable, cell_status::warn};

std::string pct(const std::optional<double>& value) {
  return value ? format_percent(*value / k_percent) : std::string("-");
}

std::string change_text(const judged_cell& c) {
  return "[" + pct(c.lower_pct) + " " + pct(c.change_pct) + " " + pct(c.upper_pct) + "]";
}

std::string p_text(const judged_cell& c) {
  if (c.deterministic) return "determ.";
  if (!c.p_value) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4f", *c.p_value);
  return buffer;
}

std::string rule_text(const judged_cell& c) {
  std::string out = c.rule.rule_index ? "#" + std::to_string(*c.rule.rule_index) + " " + c.rule.match
                                      : std::string("defaults");
  out += " (" + std::string(results::to_string(c.metric)) + ", warn " + level_text(c.rule.warn_pct) + ", fail " +
         level_text(c.rule.fail_pct) + ")";
  if (c.confirmed_rounds) out += ", confirmed in " + std::to_string(*c.confirmed_rounds) + " rounds";
  return out;
}

std::vector<const judged_cell*> listed_cells(const results::gate_verdict& verdict) {
  std::vector<const judged_cell*> out;
  for (const auto status : k_listed) {
    for (const auto& c : verdict.cells) {
      if (c.status == status) out.push_back(&c);
    }
  }
  return out;
}

std::string totals_text(const results::gate_verdict& verdict) {
  const auto& t = verdict.totals;
  std::string out = std::to_string(t.cells) + " cells: " + std::to_string(t.fail) + " fail, " +
                    std::to_string(t.unstable) + " unstable, " + std::to_string(t.warn) + " warn, " +
                    std::to_string(t.pass) + " pass, " + std::to_string(t.improved) + " improved, " +
                    std::to_string(t.ignored) + " ignored";
  if (verdict.confirm_rounds > 0) out += "; " + std::to_string(verdict.confirm_rounds) + " confirmation rounds";
  return out;
}

std::string markdown_escape(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    if (ch == '|' || ch == '*' || ch == '_' || ch == '`' || ch == '<' || ch == '>') out += '\\';
    out += ch;
  }
  return out;
}

void markdown_row(std::ostringstream& out, const judged_cell& c) {
  out << "| `" << c.name << "` | " << pct(c.change_pct) << " | " << pct(c.lower_pct) << " .. "
      << pct(c.upper_pct) << " | " << p_text(c) << " | **" << results::to_string(c.status) << "** | "
      << markdown_escape(rule_text(c)) << " |\n";
}

constexpr const char* k_markdown_header =
    "| cell | change | CI | p | status | rule |\n|---|---:|---|---:|---|---|\n";

}  // namespace

std::string gate_result_line(const results::gate_verdict& verdict) {
  const auto& t = verdict.totals;
  switch (verdict.exit) {
    case exit_code::regression:
      return "gate: FAIL (" + std::to_string(t.fail) + (t.fail == 1 ? " cell" : " cells") +
             " regressed beyond their thresholds)";
    case exit_code::unstable:
      return "gate: UNSTABLE (" + std::to_string(t.unstable) + (t.unstable == 1 ? " cell" : " cells") +
             " too noisy to judge)";
    default:
      return "gate: PASS";
  }
}

std::string gate_text(const results::gate_verdict& verdict) {
  std::ostringstream out;
  const auto listed = listed_cells(verdict);
  if (!listed.empty()) {
    std::size_t name_width = std::string("cell").size();
    for (const auto* c : listed) name_width = std::max(name_width, c->name.size());
    out << pad_right("cell", name_width + k_gap) << pad_right("change [lower estimate upper]", k_change_width)
        << pad_right("p (adj)", k_p_width) << pad_right("status", k_status_width) << "rule\n";
    for (const auto* c : listed) {
      out << pad_right(c->name, name_width + k_gap) << pad_right(change_text(*c), k_change_width)
          << pad_right(p_text(*c), k_p_width) << pad_right(std::string(results::to_string(c->status)), k_status_width)
          << rule_text(*c) << "\n";
      out << "  " << c->reason << "\n";
    }
  }
  out << totals_text(verdict) << "\n" << gate_result_line(verdict) << "\n";
  return out.str();
}

std::string gate_markdown(const results::gate_verdict& verdict) {
  std::ostringstream out;
  const auto line = gate_result_line(verdict);
  const char* icon = verdict.exit == exit_code::regression ? ":x:"
                     : verdict.exit == exit_code::unstable ? ":warning:"
                                                           : ":white_check_mark:";
  out << "### " << icon << " benchgate " << line.substr(std::string("gate: ").size()) << "\n\n";
  const auto listed = listed_cells(verdict);
  if (!listed.empty()) {
    out << k_markdown_header;
    for (const auto* c : listed) markdown_row(out, *c);
    out << "\n";
  }
  out << totals_text(verdict) << ". Changes are of the mean with their confidence interval; p is adjusted "
      << "across the compared cells.\n";
  if (!verdict.cells.empty()) {
    out << "\n<details><summary>Every cell</summary>\n\n" << k_markdown_header;
    for (const auto& c : verdict.cells) markdown_row(out, c);
    out << "\n</details>\n";
  }
  return out.str();
}

}  // namespace benchgate::report
