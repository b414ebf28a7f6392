#include "harness/stats/multiple_comparisons.hpp"

#include <algorithm>
#include <numeric>

namespace benchgate::stats {

namespace {

// Indices of `p` by ascending value (ties keep their input order).
std::vector<std::size_t> ascending_order(std::span<const double> p) {
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  return order;
}

}  // namespace

std::string_view to_string(correction method) {
  switch (method) {
    case correction::none: return "none";
    case correction::holm: return "holm";
    case correction::benjamini_hochberg: return "bh";
  }
  return "none";
}

std::optional<correction> parse_correction(std::string_view text) {
  for (const auto method : {correction::none, correction::holm, correction::benjamini_hochberg}) {
    if (to_string(method) == text) return method;
  }
  return std::nullopt;
}

std::vector<double> holm_adjusted(std::span<const double> p) {
  const auto order = ascending_order(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> out(p.size());
  double running_max = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const double scaled = std::min(1.0, (m - static_cast<double>(i)) * p[order[i]]);
    running_max = std::max(running_max, scaled);
    out[order[i]] = running_max;
  }
  return out;
}

std::vector<double> benjamini_hochberg_adjusted(std::span<const double> p) {
  const auto order = ascending_order(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> out(p.size());
  double running_min = 1;
  for (std::size_t i = order.size(); i-- > 0;) {
    const double scaled = std::min(1.0, m * p[order[i]] / static_cast<double>(i + 1));
    running_min = std::min(running_min, scaled);
    out[order[i]] = running_min;
  }
  return out;
}

std::vector<double> adjusted_p_values(std::span<const double> p, correction method) {
  switch (method) {
    case correction::holm: return holm_adjusted(p);
    case correction::benjamini_hochberg: return benjamini_hochberg_adjusted(p);
    case correction::none: break;
  }
  return {p.begin(), p.end()};
}

}  // namespace benchgate::stats
