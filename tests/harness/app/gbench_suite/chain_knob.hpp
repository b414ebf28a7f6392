#pragma once
// What the test suites of this folder (ab_suite.cpp, placement_suite.cpp)
// share: the dependent chain their benchmarks run, and their one knob,
// --slowdown=PCT, which makes a benchmark do PCT percent more steps.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace benchgate::test_suites {

// One xorshift64 step after another: each depends on the last, so the
// steps cannot overlap.
inline std::uint64_t chain(std::uint64_t x, std::int64_t steps) {
  for (std::int64_t i = 0; i < steps; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
  }
  return x;
}

enum class knob { absent, read, bad };

// Whether `arg` is --slowdown=PCT; when it is, `steps` becomes `base_steps`
// made PCT percent more, and a PCT that is no percentage >= 0 is said on
// stderr (prefixed by `program`) and is `bad`.
inline knob read_slowdown(const char* arg, const char* program, std::int64_t base_steps, std::int64_t& steps) {
  constexpr std::string_view k_knob = "--slowdown=";
  constexpr double k_percent = 100;
  if (std::string_view(arg).substr(0, k_knob.size()) != k_knob) return knob::absent;
  char* end = nullptr;
  const double pct = std::strtod(arg + k_knob.size(), &end);
  if (end == arg + k_knob.size() || *end != '\0' || pct < 0) {
    std::fprintf(stderr, "%s: %s: expected --slowdown=PCT, a percentage >= 0\n", program, arg);
    return knob::bad;
  }
  steps = static_cast<std::int64_t>(static_cast<double>(base_steps) * (1 + pct / k_percent));
  return knob::read;
}

}  // namespace benchgate::test_suites
