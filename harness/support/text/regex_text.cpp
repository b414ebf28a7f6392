#include "harness/support/text/regex_text.hpp"

namespace benchgate::text {

namespace {

// The characters that open or are an operator. ']' and '}' are not: alone
// they are literal in both syntaxes, and std::regex's extended syntax
// (Google Benchmark's filter) refuses "\]" and "\}" as invalid escapes.
constexpr std::string_view k_escaped = "\\^$.|?*+()[{";

}  // namespace

std::string regex_escaped(std::string_view name) {
  std::string out;
  for (const char ch : name) {
    if (std::string_view(k_escaped).find(ch) != std::string_view::npos) out += '\\';
    out += ch;
  }
  return out;
}

std::string exact_names_regex(const std::vector<std::string>& names) {
  std::string out = "^(";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? "|" : "") + regex_escaped(names[i]);
  return out + ")$";
}

}  // namespace benchgate::text
