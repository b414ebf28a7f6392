#pragma once
// Figures printed with one decimal, as explain's text, Markdown and HTML
// forms print counts per iteration (docs/explain.md).

#include <string>

namespace benchgate::text {

// `value` with one decimal: "12.5"; with `sign`, "+12.5" / "-0.3".
std::string one_decimal(double value, bool sign = false);

// The change from `old_value` to `new_value` in percent of `old_value`,
// signed, one decimal: "+12.5 %". Precondition: old_value != 0.
std::string percent_change(double old_value, double new_value);

// `text` right-aligned in `width` columns; a longer one as it is, followed
// by a space, so that columns stay apart.
std::string right_aligned(const std::string& text, int width);

}  // namespace benchgate::text
