// The core parser with 16-byte block scanning of URIs and header values.
// Compiled with -msse4.2 (CMakeLists.txt); reached only through the dispatch
// when the CPU has SSE4.2. The URI and value block test is httparse's
// simd/sse42.rs: an unsigned ">= low" as max(v, low) == v, then DEL (and HTAB
// for values) by equality, one movemask; the first bad byte is the lowest
// zero bit. A run's last partial block is one 16-byte load ending at `end`
// when the input has 16 bytes before it (the bytes before p shifted out of
// the mask); in a shorter input, SWAR. No load crosses `end` or starts
// before the input.

#include <immintrin.h>

#include <bit>

#include "cores/http_parse/internal/generic_parser.hpp"
#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse::internal {

namespace {

constexpr std::ptrdiff_t k_block_bytes = 16;
constexpr unsigned k_block_mask = 0xFFFF;  // one movemask bit per block byte

// A byte class as a block test: 0xFF in each byte of the block that is in
// the class. Unsigned ">= low" is max(v, low) == v.
struct uri_class {
  static __m128i good(__m128i v) {
    const __m128i first = _mm_set1_epi8(static_cast<char>(swar::k_first_uri_byte));
    const __m128i del = _mm_set1_epi8(static_cast<char>(swar::k_del));
    return _mm_andnot_si128(_mm_cmpeq_epi8(v, del), _mm_cmpeq_epi8(_mm_max_epu8(v, first), v));
  }
  static const char* tail(const char* p, const char* end) { return swar::scan_uri(p, end); }
};

struct value_class {
  static __m128i good(__m128i v) {
    const __m128i first = _mm_set1_epi8(static_cast<char>(swar::k_first_value_byte));
    const __m128i del = _mm_set1_epi8(static_cast<char>(swar::k_del));
    const __m128i tab = _mm_set1_epi8('\t');
    const __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, first), v), _mm_cmpeq_epi8(v, tab));
    return _mm_andnot_si128(_mm_cmpeq_epi8(v, del), allowed);
  }
  static const char* tail(const char* p, const char* end) { return swar::scan_value(p, end); }
};

// The bytes of the 16-byte block at p outside Class, one bit each.
template <class Class>
[[gnu::always_inline]] inline unsigned bad_bytes(const char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  return ~static_cast<unsigned>(_mm_movemask_epi8(Class::good(v))) & k_block_mask;
}

// The first byte in [p, end) outside Class, or end: 16-byte blocks; then,
// when [floor, end) holds 16 bytes, the block of the 16 bytes ending at end
// with the bytes before p shifted out; otherwise Class::tail (SWAR).
template <class Class>
inline const char* scan_blocks(const char* p, const char* end, const char* floor) {
  while (end - p >= k_block_bytes) {
    const unsigned bad = bad_bytes<Class>(p);
    if (bad != 0) return p + std::countr_zero(bad);
    p += k_block_bytes;
  }
  if (p == end) return end;
  if (end - floor >= k_block_bytes) {
    const char* last = end - k_block_bytes;
    const auto before_p = static_cast<unsigned>(p - last);  // 1..15: the run has 1..15 bytes left
    const unsigned bad = bad_bytes<Class>(last) >> before_p;
    return bad != 0 ? p + std::countr_zero(bad) : end;
  }
  return Class::tail(p, end);
}

struct sse42_scan {
  // Names and methods stay with the table loop (see impl_avx2.cpp).
  static const char* name(const char* p, const char* end, const char* /*floor*/) {
    return swar::scan_class(p, end, k_tchar);
  }
  static const char* uri(const char* p, const char* end, const char* floor) {
    return scan_blocks<uri_class>(p, end, floor);
  }
  static const char* value(const char* p, const char* end, const char* floor) {
    return scan_blocks<value_class>(p, end, floor);
  }
};

using parser = generic_parser<sse42_scan>;

constexpr implementation k_sse42{
    impl_id::sse42, "sse42", "the core parser, scanning URIs and values in 16-byte SSE blocks",
    &parser::parse_request, &parser::parse_response, &sse42_scan::name, &sse42_scan::uri, &sse42_scan::value};

}  // namespace

const implementation& sse42_implementation() { return k_sse42; }

}  // namespace cores::http_parse::internal
