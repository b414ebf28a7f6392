#pragma once
// Regular expressions that match given names literally.

#include <string>
#include <string_view>
#include <vector>

namespace benchgate::text {

// `name` with every regex metacharacter escaped by a backslash: a pattern
// that matches `name` literally in ECMAScript and POSIX extended syntax
// alike (Google Benchmark's --benchmark_filter uses either).
std::string regex_escaped(std::string_view name);

// A regex matching exactly one of `names`: ^(a|b)$, each escaped.
std::string exact_names_regex(const std::vector<std::string>& names);

}  // namespace benchgate::text
