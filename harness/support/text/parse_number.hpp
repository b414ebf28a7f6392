#pragma once
// Strict parsing of numbers typed by users: the whole text must be the number.
// No leading/trailing spaces, no "nan" or "inf", no trailing unit.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace benchgate::text {

// A finite decimal number ("0.5", "1e-3", "-2"); nullopt otherwise.
std::optional<double> parse_double(std::string_view text);

// A decimal integer ("42", "-7"); nullopt on anything else or overflow.
std::optional<std::int64_t> parse_int(std::string_view text);

// A percentage: "5" and "5%" both give 5.0; nullopt otherwise.
std::optional<double> parse_percent(std::string_view text);

// The shortest text that parse_double reads back as `value` exactly
// ("0.1", "1e-05", "5"): for numbers written into arguments, messages,
// cell names and stores.
std::string number_text(double value);

}  // namespace benchgate::text
