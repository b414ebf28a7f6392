#pragma once
// Unit conversions used across the stages, defined once.

namespace benchgate::units {

inline constexpr double k_percent = 100;   // a whole, in per cent: 0.05 * k_percent = 5 %
inline constexpr double k_ns_per_s = 1e9;  // nanoseconds per second

}  // namespace benchgate::units
