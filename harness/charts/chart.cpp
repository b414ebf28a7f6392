#include "harness/charts/chart.hpp"

#include <cstdint>
#include <cstdio>

#include "harness/report/format.hpp"

namespace benchgate::charts {

namespace {

bool keeps(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

// A file name may have 255 bytes; the renderer's temporary names add about
// 40 to the stem (".STEM.partial.svg", ".STEM.dat.tmp-PID-RANDOM").
constexpr std::size_t k_max_stem_chars = 160;

// The separators of benchgate's and Google Benchmark's cell names.
bool separates(char c) { return c == '/' || c == ':'; }

// FNV-1a, 32 bits: a short, stable tag of a name.
std::uint32_t name_hash(std::string_view name) {
  constexpr std::uint32_t k_offset_basis = 2166136261U;
  constexpr std::uint32_t k_prime = 16777619U;
  std::uint32_t h = k_offset_basis;
  for (const char c : name) {
    h ^= static_cast<unsigned char>(c);
    h *= k_prime;
  }
  return h;
}

}  // namespace

std::string chart_stem(std::string_view prefix, std::string_view name) {
  std::string out(prefix);
  out += '_';
  bool plain = true;
  for (const char c : name) {
    out += keeps(c) ? c : '-';
    plain = plain && (keeps(c) || separates(c));
  }
  if (out.size() > k_max_stem_chars) {
    out.resize(k_max_stem_chars);
    plain = false;
  }
  if (!plain) {
    char tag[16];
    std::snprintf(tag, sizeof tag, "-%08x", static_cast<unsigned>(name_hash(name)));
    out += tag;
  }
  return out;
}

std::string p_value_text(const compare::cell_diff& cd) {
  if (cd.deterministic) return "n/a";
  const double p = cd.p_value;
  if (p < k_smallest_p_shown) return "< 0.0001";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2g", p);
  return buffer;
}

std::string change_text(const stats::interval_estimate& change) {
  return report::format_percent(change.estimate) + " [" + report::format_percent(change.lower) + ", " +
         report::format_percent(change.upper) + "]";
}

}  // namespace benchgate::charts
