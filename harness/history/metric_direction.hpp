#pragma once
// Which way is better for a metric history follows: the built-in direction
// of results/metric.hpp (times and counts lower, throughput and rates
// higher). A metric without one (a user counter) is followed as better
// lower; history has no --direction yet (docs/history.md, "Metrics").

#include <string_view>

#include "harness/results/metric.hpp"

namespace benchgate::history {

// true when a larger value of `metric` is better.
inline bool higher_is_better(std::string_view metric) {
  return results::built_in_direction(metric) == results::better::higher;
}

}  // namespace benchgate::history
