#include "harness/stats/slope.hpp"

#include <cassert>
#include <cstddef>

namespace benchgate::stats {

double ols_slope_through_origin(std::span<const double> x, std::span<const double> y) {
  assert(x.size() == y.size());
  double xy = 0;
  double xx = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    xy += x[i] * y[i];
    xx += x[i] * x[i];
  }
  return xx > 0 ? xy / xx : 0;
}

bool is_linear_sampling(std::span<const double> iterations) {
  if (iterations.size() < 2 || iterations[0] <= 0) return false;
  for (std::size_t i = 1; i < iterations.size(); ++i) {
    if (iterations[i] != static_cast<double>(i + 1) * iterations[0]) return false;
  }
  return true;
}

}  // namespace benchgate::stats
