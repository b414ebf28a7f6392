#pragma once
// The core's implementations (one per scanner) and the one dispatch point.
//
// Every implementation is the same parser (internal/generic_parser.hpp)
// compiled with a different byte scanner: scalar (a 256-entry table, one byte
// at a time), swar (8 bytes per 64-bit word, portable), sse42 (16-byte
// blocks) and avx2 (32-byte blocks). parse_request/parse_response in
// http_parse.hpp call the dispatched one: AVX2 -> SSE4.2 -> SWAR, chosen once
// per process. The environment variable BENCHGATE_HTTP_PARSE_IMPL (scalar,
// swar, sse42, avx2) forces one when the CPU can run it, like simdjson's
// SIMDJSON_FORCE_IMPLEMENTATION. Tests and benchmarks reach every
// implementation through all_implementations().

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "cores/http_parse/head.hpp"

namespace cores::http_parse {

enum class impl_id : std::uint8_t { scalar, swar, sse42, avx2 };

// The first byte in [p, end) outside a byte class, or end. `floor` <= p is
// where the caller's readable bytes start: a block scanner may load bytes of
// [floor, p) to finish the run's last block in one load (never counting them),
// so it reads only [floor, end). Pass floor = p to allow reads of [p, end) only.
using scan_fn = const char*(const char* p, const char* end, const char* floor);

struct implementation {
  impl_id id;
  std::string_view name;         // "scalar", "swar", "sse42", "avx2"
  std::string_view description;  // one line
  // Null when the implementation is not built for this architecture (sse42
  // and avx2 off x86); otherwise callable only when supports(cpu, id).
  parse_request_fn* parse_request;
  parse_response_fn* parse_response;
  scan_fn* scan_name;   // tchar run (method, header name)
  scan_fn* scan_uri;    // 0x21-0x7E, 0x80-0xFF
  scan_fn* scan_value;  // HTAB, 0x20-0x7E, 0x80-0xFF
};

// What the CPU (and OS) can run.
struct cpu_features {
  bool sse42 = false;
  bool avx2 = false;
};

// The running CPU's features, detected once (__builtin_cpu_supports on x86;
// none elsewhere).
cpu_features detect_cpu();

// Whether `cpu` can run implementation `id` (scalar and swar: always).
bool supports(const cpu_features& cpu, impl_id id);

// Every implementation, in impl_id order, including those this CPU cannot run.
std::span<const implementation> all_implementations();

// The implementation with this id.
const implementation& get_implementation(impl_id id);

// "scalar", "swar", "sse42" or "avx2"; nullopt for anything else.
std::optional<impl_id> parse_impl_name(std::string_view name);

// The dispatch rule, pure so that it is testable on any CPU: the forced name
// when it is an implementation `cpu` supports; otherwise the best of AVX2 ->
// SSE4.2 -> SWAR. An empty, unknown or unsupported forced name is ignored.
impl_id choose_impl(const cpu_features& cpu, std::string_view forced);

inline constexpr const char* k_force_impl_variable = "BENCHGATE_HTTP_PARSE_IMPL";

// The implementation parse_request/parse_response use: choose_impl(
// detect_cpu(), $BENCHGATE_HTTP_PARSE_IMPL), evaluated once per process.
const implementation& dispatched();

}  // namespace cores::http_parse
