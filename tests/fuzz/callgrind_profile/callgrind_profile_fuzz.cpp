// Fuzz target for the callgrind profile parser: any bytes must give a
// profile or an input_error. A parsed profile's inclusive cost is never
// below its self cost, and no cost is negative (costs only add up).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "harness/explain/callgrind_profile.hpp"
#include "harness/support/errors/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  benchgate::explain::callgrind_profile profile;
  try {
    profile = benchgate::explain::parse_callgrind_profile(text, "fuzz");
  } catch (const benchgate::input_error&) {
    return 0;  // bad input, reported as such: the expected outcome
  }
  if (profile.total < 0) std::abort();
  for (const auto& [name, cost] : profile.functions) {
    if (cost.self < 0 || cost.inclusive < cost.self) std::abort();
    for (const auto& [where, count] : cost.lines) {
      if (count < 0) std::abort();
    }
  }
  return 0;
}
