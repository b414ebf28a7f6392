#pragma once
// Which way is better for a metric history follows: a --direction declared
// for it, else the built-in direction of formats/metric.hpp (times and
// counts lower, throughput and rates higher). A metric with neither (a user
// counter nobody declared) cannot be judged and is refused, as compare and
// gate refuse it (docs/history.md, "Direction").

#include <string>
#include <string_view>
#include <vector>

#include "harness/formats/metric.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::history {

// true when a larger value of `metric` is better; throws input_error when
// neither `declared` nor the built-in direction says.
inline bool higher_is_better(std::string_view metric, const std::vector<results::declared_direction>& declared) {
  const auto direction = results::direction_of(metric, declared);
  if (!direction) {
    const std::string name(metric);
    throw input_error("--metric " + name + ": which way " + name +
                      " is better is not known (not a time, a count or a rate named *_per_second); expected "
                      "--direction " + name + "=higher or --direction " + name + "=lower");
  }
  return *direction == results::better::higher;
}

}  // namespace benchgate::history
