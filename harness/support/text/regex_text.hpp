#pragma once
// Regular expressions that match given names literally.

#include <string>
#include <string_view>
#include <vector>

namespace benchgate::text {

// `name` with every character that opens or is a regex operator
// (\ ^ $ . | ? * + ( ) [ {) escaped by a backslash: a pattern that matches
// `name` literally in ECMAScript and POSIX extended syntax alike (Google
// Benchmark's --benchmark_filter uses either). ']' and '}' stay as they are:
// literal alone, and "\]" is an invalid escape in std::regex's extended
// syntax, which made a filter for "BM_Find[sorted]" select nothing.
std::string regex_escaped(std::string_view name);

// A regex matching exactly one of `names`: ^(a|b)$, each escaped.
std::string exact_names_regex(const std::vector<std::string>& names);

}  // namespace benchgate::text
