// Off x86 the SSE4.2 and AVX2 implementations are not built: their entries
// exist (so every list has the same ids) with null functions, and
// supports() is false for them because detect_cpu() reports no x86 feature.

#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse::internal {

namespace {

constexpr implementation k_sse42{impl_id::sse42, "sse42", "not built: not an x86 target",
                                 nullptr, nullptr, nullptr, nullptr, nullptr};
constexpr implementation k_avx2{impl_id::avx2, "avx2", "not built: not an x86 target",
                                nullptr, nullptr, nullptr, nullptr, nullptr};

}  // namespace

const implementation& sse42_implementation() { return k_sse42; }
const implementation& avx2_implementation() { return k_avx2; }

}  // namespace cores::http_parse::internal
