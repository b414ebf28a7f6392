#pragma once
// The http_parse workloads (harness/cases/http_parse/SPEC.md, "Benchmark"), written by the
// project: four fixed heads shaped like httparse's bench inputs (a browser
// request, a short request, a long and a short response) and generated
// size sweeps (deterministic seeds, so every run and machine parses the same
// bytes). Real heads come in through --input FILE.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cores/http_parse/outcome.hpp"

namespace benchgate::cases::http_parse {

struct workload {
  std::string bytes;                // one complete head, nothing after it
  cores::http_parse::head_kind kind = cores::http_parse::head_kind::request;
  std::size_t header_count = 0;
};

// The names of the fixed heads: req, req_short, resp, resp_short.
std::vector<std::string> named_workloads();

// The fixed head with that name. Precondition: a name from named_workloads().
workload named_workload(std::string_view name);

inline constexpr std::size_t k_max_sweep_bytes = 4096;
inline constexpr std::size_t k_max_sweep_headers = 128;

// "GET <uri> HTTP/1.1" with a URI of uri_bytes bytes ('/' then random path
// and query bytes) and one Host header. Precondition: 1 <= uri_bytes.
workload uri_sweep(std::size_t uri_bytes);

// "GET / HTTP/1.1", a Host header and one header whose value is value_bytes
// random visible bytes (inner spaces, no leading or trailing blank).
// Precondition: 1 <= value_bytes.
workload value_sweep(std::size_t value_bytes);

// "GET / HTTP/1.1" and `count` headers "X-Field-<i>: <16 random bytes>".
// Precondition: 1 <= count.
workload header_sweep(std::size_t count);

}  // namespace benchgate::cases::http_parse
