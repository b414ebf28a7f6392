#include "harness/explain/symbol_names.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace benchgate::explain {

namespace {

constexpr std::string_view k_long_string = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >";

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// The '<' at `at` opens an operator's name, not a template argument list.
bool is_operator_less(std::string_view name, std::size_t at) {
  constexpr std::string_view k_operator = "operator";
  std::size_t start = at;
  while (start > 0 && name[start - 1] == '<') --start;  // operator<< : both '<' belong to it
  return start >= k_operator.size() && name.substr(start - k_operator.size(), k_operator.size()) == k_operator;
}

// Every outermost <...> written <...>.
std::string collapse_templates(std::string_view name) {
  std::string out;
  int depth = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '<' && !is_operator_less(name, i)) {
      if (depth == 0) out += "<...>";
      ++depth;
    } else if (c == '>' && depth > 0 && !(i > 0 && name[i - 1] == '-')) {
      --depth;
    } else if (depth == 0) {
      out += c;
    }
  }
  return out;
}

// The last top-level parameter list written (...).
std::string collapse_parameters(const std::string& name) {
  const auto close = name.rfind(')');
  if (close == std::string::npos) return name;
  int depth = 0;
  for (std::size_t i = close + 1; i-- > 0;) {
    if (name[i] == ')') ++depth;
    if (name[i] == '(' && --depth == 0) {
      if (close - i <= 4) return name;  // "()" or "(...)" already
      return name.substr(0, i) + "(...)" + name.substr(close + 1);
    }
  }
  return name;
}

}  // namespace

std::string demangle(std::string_view symbol) {
  if (!symbol.starts_with("_Z")) return std::string(symbol);
  int status = 0;
  const std::string mangled(symbol);
  const std::unique_ptr<char, decltype(&std::free)> readable(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
                                                             &std::free);
  if (status != 0 || !readable) return mangled;
  return readable.get();
}

std::string trim_name(std::string_view name, std::size_t max_chars) {
  if (name.size() <= max_chars) return std::string(name);
  auto out = replace_all(std::string(name), k_long_string, "std::string");
  if (out.size() <= max_chars) return out;
  out = collapse_templates(out);
  if (out.size() <= max_chars) return out;
  return collapse_parameters(out);
}

bool is_address_name(std::string_view name) {
  if (!name.starts_with("0x") || name.size() == 2) return false;
  for (const char c : name.substr(2)) {
    const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!hex) return false;
  }
  return true;
}

}  // namespace benchgate::explain
