// The shortest benchmark: one variant, no axis, no workload to build.
#include <benchgate/benchgate.hpp>

#include <functional>
#include <string>

BENCHGATE_BENCH(hash_string) {
  return benchgate::bench("hash_string", "std::hash of a 64-byte string")
      .baseline("std_hash", "std::hash<std::string>",
                [text = std::string(64, 'x')] { return std::hash<std::string>{}(text); });
}
