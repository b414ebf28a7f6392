// The core parser with 16-byte block scanning of URIs and header values.
// Compiled with -msse4.2 (CMakeLists.txt); reached only through the dispatch
// when the CPU has SSE4.2. The URI and value block test is httparse's
// simd/sse42.rs: an unsigned ">= low" as max(v, low) == v, then DEL (and HTAB
// for values) by equality, one movemask; the first bad byte is the lowest
// zero bit. Header names and methods by nibble lookup.

#include <immintrin.h>

#include <bit>

#include "cores/http_parse/internal/generic_parser.hpp"
#include "cores/http_parse/internal/nibble_tables.hpp"
#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse::internal {

namespace {

constexpr std::ptrdiff_t k_block_bytes = 16;
constexpr unsigned k_block_mask = 0xFFFF;  // one movemask bit per block byte
constexpr char k_nibble_mask = 0x0F;

struct sse42_scan {
  // tchar runs by nibble lookup (internal/nibble_tables.hpp): two pshufb
  // (SSSE3) classify 16 bytes.
  static const char* name(const char* p, const char* end) {
    const __m128i low_table = _mm_load_si128(reinterpret_cast<const __m128i*>(k_tchar_nibbles.low.data()));
    const __m128i high_table = _mm_load_si128(reinterpret_cast<const __m128i*>(k_tchar_nibbles.high.data()));
    const __m128i nibble = _mm_set1_epi8(k_nibble_mask);
    while (end - p >= k_block_bytes) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i low = _mm_shuffle_epi8(low_table, _mm_and_si128(v, nibble));
      const __m128i high = _mm_shuffle_epi8(high_table, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
      const __m128i outside = _mm_cmpeq_epi8(_mm_and_si128(low, high), _mm_setzero_si128());
      const auto bad = static_cast<unsigned>(_mm_movemask_epi8(outside));
      if (bad != 0) return p + std::countr_zero(bad);
      p += k_block_bytes;
    }
    return swar::scan_class(p, end, k_tchar);
  }

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
