#pragma once
// How `history changes` reports: a text table, and benchgate.changes/1 JSON
// (docs/history.md, "benchgate.changes/1").

#include <string>

#include "harness/history/changes.hpp"

namespace benchgate::history {

inline constexpr const char* changes_schema = "benchgate.changes/1";

// What the report was made with, echoed in both outputs.
struct changes_context {
  std::string store;
  std::string metric;  // "real_time" or "cpu_time"
  changes_settings settings;
  std::string since;   // as given, "" when not
  bool thresholds = false;  // --thresholds: the text lists each series' threshold too (the JSON always does)
};

// "p=1.2e-05"-style p-value text ("%.2g"), shared by the text and HTML reports.
std::string format_p(double p);

// A value of `metric`: a time (real_time, cpu_time, in ns) as a duration,
// any other metric as a plain number in its own unit.
std::string format_value(double value, const std::string& metric);

// "+10.02% [+9.6%, +10.4%]": a change point's change and interval.
std::string format_change(const found_change& c);

// A series' next-commit threshold: "±2.55 %  (mean 1.0005 µs, CV 0.64 %
// over 30 commits since 0e6d1c9b2a44)", or "none yet: " and the reason.
std::string format_threshold(const series_threshold& t, const changes_context& context);

// "1 value left out of the test (each side's value farthest from its
// median): commit 3c2a1b0d9e8f 3.4800 ms (after)": what a change point's
// test did not use (found_change::left_out, not empty).
std::string left_out_text(const found_change& c, const std::string& metric);

// "regression", "improvement" or "environment change".
std::string change_kind(const found_change& c);

std::string changes_to_text(const changes_report& report, const changes_context& context);

// Pretty-printed JSON (2-space indent, ends with '\n').
std::string changes_to_json_text(const changes_report& report, const changes_context& context);

}  // namespace benchgate::history
