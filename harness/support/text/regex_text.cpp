#include "harness/support/text/regex_text.hpp"

namespace benchgate::text {

std::string regex_escaped(std::string_view name) {
  std::string out;
  for (const char ch : name) {
    if (std::string_view("\\^$.|?*+()[]{}").find(ch) != std::string_view::npos) out += '\\';
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
