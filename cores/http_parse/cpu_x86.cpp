// CPU feature detection on x86. GCC's and Clang's __builtin_cpu_supports
// also check that the OS saves the AVX registers (XGETBV), so "avx2" means
// AVX2 code can run.

#include "cores/http_parse/implementations.hpp"

namespace cores::http_parse {

cpu_features detect_cpu() {
  static const cpu_features detected = [] {
    __builtin_cpu_init();
    cpu_features cpu;
    cpu.sse42 = __builtin_cpu_supports("sse4.2") != 0;
    cpu.avx2 = __builtin_cpu_supports("avx2") != 0;
    return cpu;
  }();
  return detected;
}

}  // namespace cores::http_parse
