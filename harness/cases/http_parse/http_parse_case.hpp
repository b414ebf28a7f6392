#pragma once
// The http_parse case (harness/cases/http_parse/SPEC.md): parse HTTP/1.x heads, the
// byte-at-a-time baseline vs the word-compare, SWAR/SSE4.2/AVX2 core.

#include <memory>

#include "benchgate/case.hpp"

namespace benchgate::cases {

// The case, with the variants this CPU can run.
std::unique_ptr<benchgate::benchmark_case> make_http_parse_case();

}  // namespace benchgate::cases
