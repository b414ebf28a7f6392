#include "harness/charts/chart_names.hpp"

namespace benchgate::charts {

namespace {
bool keeps(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '-';
}
}  // namespace

std::string chart_stem(std::string_view prefix, std::string_view name) {
  std::string out(prefix);
  out += '_';
  for (const char c : name) out += keeps(c) ? c : '-';
  return out;
}

}  // namespace benchgate::charts
