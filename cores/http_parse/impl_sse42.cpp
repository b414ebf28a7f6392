// The core parser with 16-byte block scanning of URIs and header values.
// Compiled with -msse4.2 (CMakeLists.txt); reached only through the dispatch
// when the CPU has SSE4.2. The URI and value block test is httparse's
// simd/sse42.rs: an unsigned ">= low" as max(v, low) == v, then DEL (and HTAB
// for values) by equality, one movemask; the first bad byte is the lowest
// zero bit.

#include <immintrin.h>

#include <bit>

#include "cores/http_parse/internal/generic_parser.hpp"
#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse::internal {

namespace {

constexpr std::ptrdiff_t k_block_bytes = 16;
constexpr unsigned k_block_mask = 0xFFFF;  // one movemask bit per block byte

struct sse42_scan {
  // Names and methods stay with the table loop (see impl_avx2.cpp).
  static const char* name(const char* p, const char* end) { return swar::scan_class(p, end, k_tchar); }

  static const char* uri(const char* p, const char* end) {
    const __m128i first = _mm_set1_epi8(static_cast<char>(swar::k_first_uri_byte));
    const __m128i del = _mm_set1_epi8(static_cast<char>(swar::k_del));
    while (end - p >= k_block_bytes) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i at_least_first = _mm_cmpeq_epi8(_mm_max_epu8(v, first), v);
      const __m128i good = _mm_andnot_si128(_mm_cmpeq_epi8(v, del), at_least_first);
      const unsigned bad = ~static_cast<unsigned>(_mm_movemask_epi8(good)) & k_block_mask;
      if (bad != 0) return p + std::countr_zero(bad);
      p += k_block_bytes;
    }
    return swar::scan_uri(p, end);
  }

  static const char* value(const char* p, const char* end) {
    const __m128i first = _mm_set1_epi8(static_cast<char>(swar::k_first_value_byte));
    const __m128i del = _mm_set1_epi8(static_cast<char>(swar::k_del));
    const __m128i tab = _mm_set1_epi8('\t');
    while (end - p >= k_block_bytes) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i at_least_first = _mm_cmpeq_epi8(_mm_max_epu8(v, first), v);
      const __m128i allowed = _mm_or_si128(at_least_first, _mm_cmpeq_epi8(v, tab));
      const __m128i good = _mm_andnot_si128(_mm_cmpeq_epi8(v, del), allowed);
      const unsigned bad = ~static_cast<unsigned>(_mm_movemask_epi8(good)) & k_block_mask;
      if (bad != 0) return p + std::countr_zero(bad);
      p += k_block_bytes;
    }
    return swar::scan_value(p, end);
  }
};

using parser = generic_parser<sse42_scan>;

constexpr implementation k_sse42{
    impl_id::sse42, "sse42", "the core parser, scanning URIs and values in 16-byte SSE blocks",
    &parser::parse_request, &parser::parse_response, &sse42_scan::name, &sse42_scan::uri, &sse42_scan::value};

}  // namespace

const implementation& sse42_implementation() { return k_sse42; }

}  // namespace cores::http_parse::internal
