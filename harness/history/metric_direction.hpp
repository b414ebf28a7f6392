#pragma once
// Which way is better for a metric history follows.
//
// LEAD: the one place history decides a metric's direction. Another branch
// (wt-metrics, issue 34 item 3) adds a metric registry with each metric's
// declared direction; wire it in here and nothing else in history changes.

#include <string_view>

namespace benchgate::history {

// true when a larger value is better: throughput and Google Benchmark's
// rates (counters named *_per_second, as items_per_second and
// bytes_per_second). Everything else (times, instructions, counts) is
// better lower.
inline bool higher_is_better(std::string_view metric) {
  constexpr std::string_view k_rate_suffix = "_per_second";
  return metric == "throughput" ||
         (metric.size() > k_rate_suffix.size() && metric.substr(metric.size() - k_rate_suffix.size()) == k_rate_suffix);
}

}  // namespace benchgate::history
