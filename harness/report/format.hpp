#pragma once
// Number formatting shared by every text report, in criterion.rs's style.

#include <cstddef>
#include <string>
#include <string_view>

#include "benchgate/case_types.hpp"

namespace benchgate::report {

// Five significant digits the way criterion prints them: 4 decimals below 10,
// 3 below 100, 2 below 1000, 1 below 10^4, else none ("1.2476", "261.42").
// Below 0.001, where 4 decimals would print 0.0000, in exponent form
// ("2.0134e-09": a counter of seconds per item).
std::string format_significant(double value);

// A time given in nanoseconds with a unit from ps to s: "1.2476 µs".
std::string format_time_ns(double ns);

// A rate of work per second: "4.9933 GiB/s" (binary prefixes) for bytes,
// "12.345 Melem/s" (decimal prefixes) for items; "" for work_unit::none.
std::string format_throughput(benchgate::work_unit unit, double per_second);

// A signed percentage: "+2.5316%", "-90.594%".
std::string format_percent(double fraction);

// The columns `text` takes: its UTF-8 code points ("µs" is 2).
std::size_t display_width(std::string_view text);

// `text` followed by spaces up to `width` columns; UTF-8 aware, so "µs"
// pads like "ns". Text at least `width` wide is returned unchanged.
std::string pad_right(std::string text, std::size_t width);

// A count with its noun: "1 cell", "2 cells" (`plural` defaults to
// `singular` + "s").
std::string counted(std::size_t n, std::string_view singular, std::string_view plural = {});

// A duration in seconds for progress lines: "42s", "3m12s", "1h02m".
std::string format_duration_s(double seconds);

}  // namespace benchgate::report
