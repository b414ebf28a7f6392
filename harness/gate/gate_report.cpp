#include "harness/gate/gate_report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

#include "harness/report/format.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::gate {

namespace {

constexpr std::size_t k_gap = 2;
constexpr std::size_t k_change_width = 34;
constexpr std::size_t k_p_width = 10;
constexpr std::size_t k_status_width = 10;

// Worst first: what a reader must act on comes first; benchmarks added or
// removed last, a line each (news, not failures).
constexpr cell_status k_listed[] = {cell_status::fail,     cell_status::error, cell_status::unstable,
                                    cell_status::unjudged, cell_status::warn,  cell_status::added,
                                    cell_status::removed};

std::string pct(const std::optional<double>& value) {
  return value ? report::format_percent(*value / units::k_percent) : std::string("-");
}

// From or to 0 a percentage says little: the absolute change instead
// (judged_cell::change_abs), "+12 (abs)".
std::string absolute(const judged_cell& c) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%+.6g (abs)", c.change_abs.value_or(0));
  return buffer;
}

std::string change_text(const judged_cell& c) {
  if (c.change_abs) return absolute(c);
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
  const auto from = [](level_source source) { return " [" + std::string(to_string(source)) + "]"; };
  // A counter's direction was built in or declared: say which, as the reader
  // cannot tell from its name.
  const auto direction = c.metric.of == gate_metric::kind::counter
                             ? ", " + std::string(results::to_string(c.rule.direction)) + " is better"
                             : std::string();
  out += " (" + to_string(c.metric) + from(c.rule.metric_from) + direction + ", warn " +
         level_text(c.rule.warn_pct) + from(c.rule.warn_from) + ", fail " + level_text(c.rule.fail_pct) +
         from(c.rule.fail_from);
  if (c.rule.max_ci_width_pct) {
    out += ", max CI width " + level_text(*c.rule.max_ci_width_pct) + from(c.rule.max_ci_width_from);
  }
  out += ")";
  if (c.confirmed_rounds) {
    out += *c.confirmed_rounds == 0 ? std::string(", confirmed in no round")
                                    : ", confirmed in " + report::counted(*c.confirmed_rounds, "round");
  }
  return out;
}

std::vector<const judged_cell*> listed_cells(const gate_verdict& verdict) {
  std::vector<const judged_cell*> out;
  for (const auto status : k_listed) {
    for (const auto& c : verdict.cells) {
      if (c.status == status) out.push_back(&c);
    }
  }
  return out;
}

std::string totals_text(const gate_verdict& verdict) {
  const auto& t = verdict.totals;
  std::string out = report::counted(t.cells, "cell") + ": " + std::to_string(t.fail) + " fail, " +
                    std::to_string(t.unstable) + " unstable, " + std::to_string(t.warn) + " warn, " +
                    std::to_string(t.pass) + " pass, " + std::to_string(t.improved) + " improved, " +
                    std::to_string(t.ignored) + " ignored";
  // Cells that could not be compared, when there are any.
  if (t.error + t.unjudged > 0) {
    out += ", " + std::to_string(t.error) + " error, " + std::to_string(t.unjudged) + " unjudged";
  }
  if (t.added + t.removed > 0) {
    out += ", " + std::to_string(t.added) + " new, " + std::to_string(t.removed) + " removed";
  }
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

// `text` as inline code in a table cell: a fence of one backtick more than
// the longest run inside (padded when it starts or ends with one), and '|'
// escaped, which GitHub's tables need even inside code.
std::string markdown_code(const std::string& text) {
  std::size_t longest = 0;
  for (std::size_t i = 0, run = 0; i < text.size(); ++i) {
    run = text[i] == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
  std::string body;
  for (const char ch : text) {
    if (ch == '|') body += '\\';
    body += ch;
  }
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

void markdown_row(std::ostringstream& out, const judged_cell& c) {
  out << "| " << markdown_code(c.name) << " | " << (c.change_abs ? absolute(c) : pct(c.change_pct)) << " | "
      << (c.change_abs ? std::string("-") : pct(c.lower_pct) + " .. " + pct(c.upper_pct)) << " | " << p_text(c) << " | **" << to_string(c.status) << "** | "
      << markdown_escape(rule_text(c)) << " | " << markdown_escape(c.reason) << " |\n";
}

std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const auto& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

constexpr const char* k_markdown_header =
    "| cell | change | CI | p | status | rule | reason |\n|---|---:|---|---:|---|---|---|\n";

}  // namespace

std::string gate_result_line(const gate_verdict& verdict) {
  const auto& t = verdict.totals;
  const auto cells = [](std::size_t n) { return report::counted(n, "cell"); };
  std::vector<std::string> parts;
  switch (verdict.exit) {
    case exit_code::regression: {
      // A cell only in NEW or only in OLD fails by the rules file, with no
      // change to be beyond a threshold.
      const auto by_rules = static_cast<std::size_t>(
          std::count_if(verdict.cells.begin(), verdict.cells.end(), [](const judged_cell& c) {
            return c.status == cell_status::fail && !c.change_pct;
          }));
      if (t.fail > by_rules) parts.push_back(cells(t.fail - by_rules) + " regressed beyond their thresholds");
      if (by_rules > 0) parts.push_back(cells(by_rules) + " new or removed, failed by the rules file");
      if (t.error > 0) parts.push_back(cells(t.error) + " errored in NEW");
      return "gate: FAIL (" + join(parts, "; ") + ")";
    }
    case exit_code::unstable:
      if (t.unstable > 0) parts.push_back(cells(t.unstable) + " too noisy to judge");
      if (t.unjudged > 0) parts.push_back(cells(t.unjudged) + " could not be judged");
      return std::string(t.unstable > 0 ? "gate: UNSTABLE (" : "gate: UNJUDGED (") + join(parts, "; ") + ")";
    default:
      return "gate: PASS";
  }
}

namespace {

// Cells gated on throughput that have none are judged on iterations per
// second; whatever their status, the reader is told (issue 34).
std::string throughput_note(const gate_verdict& verdict) {
  constexpr std::size_t k_names_shown = 3;
  std::vector<std::string> names;
  for (const auto& c : verdict.cells) {
    if (c.without_throughput) names.push_back(c.name);
  }
  if (names.empty()) return "";
  std::string shown;
  for (std::size_t i = 0; i < names.size() && i < k_names_shown; ++i) shown += (i > 0 ? ", " : "") + names[i];
  if (names.size() > k_names_shown) shown += ", ...";
  return "note: " + report::counted(names.size(), "cell") + " gated on throughput " +
         (names.size() == 1 ? "has" : "have") + " no throughput (no work per iteration, no items_per_second or " +
         "bytes_per_second), judged as iterations per second, 1 / real_time: " + shown + "\n";
}

}  // namespace

std::string gate_text(const gate_verdict& verdict) {
  std::ostringstream out;
  const auto listed = listed_cells(verdict);
  if (!listed.empty()) {
    std::size_t name_width = std::string("cell").size();
    for (const auto* c : listed) name_width = std::max(name_width, c->name.size());
    out << report::pad_right("cell", name_width + k_gap)
        << report::pad_right("change [lower estimate upper]", k_change_width)
        << report::pad_right("p (adj)", k_p_width) << report::pad_right("status", k_status_width) << "rule\n";
    for (const auto* c : listed) {
      out << report::pad_right(c->name, name_width + k_gap) << report::pad_right(change_text(*c), k_change_width)
          << report::pad_right(p_text(*c), k_p_width)
          << report::pad_right(std::string(to_string(c->status)), k_status_width)
          << rule_text(*c) << "\n";
      out << "  " << c->reason << "\n";
    }
  }
  out << throughput_note(verdict) << totals_text(verdict) << "\n" << gate_result_line(verdict) << "\n";
  return out.str();
}

std::string gate_markdown(const gate_verdict& verdict) {
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

}  // namespace benchgate::gate
