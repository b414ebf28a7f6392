// The core parser with 32-byte block scanning of URIs and header values.
// Compiled with -mavx2 (CMakeLists.txt); reached only through the dispatch
// when the CPU has AVX2. Same block test as impl_sse42.cpp on 32 bytes
// (httparse's simd/avx2.rs). A run's last partial block is one 32-byte load
// ending at `end` when the input has 32 bytes before it (the bytes before p
// shifted out of the mask); in a shorter input, one 16-byte block and SWAR.
// No load crosses `end` or starts before the input.

#include <immintrin.h>

#include <bit>
#include <cstdint>

#include "cores/http_parse/internal/generic_parser.hpp"
#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse::internal {

namespace {

constexpr std::ptrdiff_t k_wide_block_bytes = 32;
constexpr std::ptrdiff_t k_block_bytes = 16;
constexpr unsigned k_block_mask = 0xFFFF;  // one movemask bit per 16-byte block byte

// A byte class as block tests: 0xFF in each byte of the block that is in
// the class. Unsigned ">= low" is max(v, low) == v.
struct uri_class {
  static __m256i wide(__m256i v) {
    const __m256i first = _mm256_set1_epi8(static_cast<char>(swar::k_first_uri_byte));
    const __m256i del = _mm256_set1_epi8(static_cast<char>(swar::k_del));
    return _mm256_andnot_si256(_mm256_cmpeq_epi8(v, del), _mm256_cmpeq_epi8(_mm256_max_epu8(v, first), v));
  }
  static __m128i narrow(__m128i v) {
    const __m128i first = _mm_set1_epi8(static_cast<char>(swar::k_first_uri_byte));
    const __m128i del = _mm_set1_epi8(static_cast<char>(swar::k_del));
    return _mm_andnot_si128(_mm_cmpeq_epi8(v, del), _mm_cmpeq_epi8(_mm_max_epu8(v, first), v));
  }
  static const char* tail(const char* p, const char* end) { return swar::scan_uri(p, end); }
};

struct value_class {
  static __m256i wide(__m256i v) {
    const __m256i first = _mm256_set1_epi8(static_cast<char>(swar::k_first_value_byte));
    const __m256i del = _mm256_set1_epi8(static_cast<char>(swar::k_del));
    const __m256i tab = _mm256_set1_epi8('\t');
    const __m256i allowed =
        _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(v, first), v), _mm256_cmpeq_epi8(v, tab));
    return _mm256_andnot_si256(_mm256_cmpeq_epi8(v, del), allowed);
  }
  static __m128i narrow(__m128i v) {
    const __m128i first = _mm_set1_epi8(static_cast<char>(swar::k_first_value_byte));
    const __m128i del = _mm_set1_epi8(static_cast<char>(swar::k_del));
    const __m128i tab = _mm_set1_epi8('\t');
    const __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, first), v), _mm_cmpeq_epi8(v, tab));
    return _mm_andnot_si128(_mm_cmpeq_epi8(v, del), allowed);
  }
  static const char* tail(const char* p, const char* end) { return swar::scan_value(p, end); }
};

// The first byte in [p, end) outside Class, or end: 32-byte blocks; then,
// when [floor, end) holds 32 bytes, the block of the 32 bytes ending at end
// with the bytes before p shifted out; otherwise one 16-byte block, then
// Class::tail for the last 15 bytes or fewer.
template <class Class>
inline const char* scan_blocks(const char* p, const char* end, const char* floor) {
  while (end - p >= k_wide_block_bytes) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const auto bad = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(Class::wide(v)));
    if (bad != 0) return p + std::countr_zero(bad);
    p += k_wide_block_bytes;
  }
  if (p == end) return end;
  if (end - floor >= k_wide_block_bytes) {
    const char* last = end - k_wide_block_bytes;
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(last));
    const auto before_p = static_cast<unsigned>(p - last);  // 1..31: the run has 1..31 bytes left
    const auto bad = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(Class::wide(v))) >> before_p;
    return bad != 0 ? p + std::countr_zero(bad) : end;
  }
  if (end - p >= k_block_bytes) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned bad = ~static_cast<unsigned>(_mm_movemask_epi8(Class::narrow(v))) & k_block_mask;
    if (bad != 0) return p + std::countr_zero(bad);
    p += k_block_bytes;
  }
  return Class::tail(p, end);
}

struct avx2_scan {
  // Names and methods stay with the table loop: they are short, and a block
  // scan's result would make the next field's address wait for it (see
  // harness/cases/http_parse/README.md, "What did not pay").
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

using parser = generic_parser<avx2_scan>;

constexpr implementation k_avx2{
    impl_id::avx2, "avx2", "the core parser, scanning URIs and values in 32-byte AVX2 blocks",
    &parser::parse_request, &parser::parse_response, &avx2_scan::name, &avx2_scan::uri, &avx2_scan::value};

}  // namespace

const implementation& avx2_implementation() { return k_avx2; }

}  // namespace cores::http_parse::internal
