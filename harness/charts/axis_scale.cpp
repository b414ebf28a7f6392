#include "harness/charts/axis_scale.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace benchgate::charts {

namespace {

struct step {
  double divisor;
  const char* unit;
};

template <std::size_t N>
axis_scale pick(const std::array<step, N>& steps, double max_value) {
  // The largest step whose divisor the maximum reaches; the first otherwise.
  axis_scale out{steps[0].divisor, steps[0].unit};
  for (const auto& s : steps) {
    if (max_value >= s.divisor) out = {s.divisor, s.unit};
  }
  return out;
}

constexpr double k_kibi = 1024.0;
constexpr double k_kilo = 1000.0;

}  // namespace

axis_scale time_scale(double max_ns) {
  constexpr std::array<step, 4> steps{{{1, "ns"}, {1e3, "µs"}, {1e6, "ms"}, {1e9, "s"}}};
  return pick(steps, max_ns);
}

axis_scale throughput_scale(benchgate::work_unit unit, double max_per_second) {
  if (unit == benchgate::work_unit::bytes) {
    constexpr std::array<step, 4> steps{
        {{1, "B/s"}, {k_kibi, "KiB/s"}, {k_kibi * k_kibi, "MiB/s"}, {k_kibi * k_kibi * k_kibi, "GiB/s"}}};
    return pick(steps, max_per_second);
  }
  constexpr std::array<step, 4> steps{
      {{1, "elem/s"}, {k_kilo, "Kelem/s"}, {k_kilo * k_kilo, "Melem/s"}, {k_kilo * k_kilo * k_kilo, "Gelem/s"}}};
  return pick(steps, max_per_second);
}

bool spans_decades(std::span<const double> values) {
  double low = 0;
  double high = 0;
  bool any = false;
  for (const double v : values) {
    if (!std::isfinite(v)) continue;
    if (v <= 0) return false;
    low = any ? std::min(low, v) : v;
    high = any ? std::max(high, v) : v;
    any = true;
  }
  return any && high >= low * k_log_axis_span;
}

}  // namespace benchgate::charts
