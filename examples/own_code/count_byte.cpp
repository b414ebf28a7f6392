#include "count_byte.hpp"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace own_code {

namespace {

constexpr std::uint64_t k_ones = 0x0101010101010101ULL;    // 0x01 in every byte
constexpr std::uint64_t k_low7 = 0x7f7f7f7f7f7f7f7fULL;    // the low 7 bits of every byte

// The high bit of each byte of `x` that is zero, and no other bit. Exact,
// unlike the shorter (x - ones) & ~x & highs, which can flag a 0x01 byte
// above a zero byte through the borrow.
std::uint64_t zero_bytes(std::uint64_t x) {
  return ~(((x & k_low7) + k_low7) | x | k_low7);
}

}  // namespace

// A plain loop the compiler must not vectorize, or the baseline would time
// the compiler's SIMD code rather than the naive algorithm it stands for.
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize")))
#endif
std::size_t count_bytewise(const std::uint8_t* data, std::size_t size, std::uint8_t needle) {
  std::size_t count = 0;
#if defined(__clang__)
#pragma clang loop vectorize(disable)
#endif
  for (std::size_t i = 0; i < size; ++i) count += data[i] == needle ? 1 : 0;
  return count;
}

std::size_t count_swar(const std::uint8_t* data, std::size_t size, std::uint8_t needle) {
  // Each word adds 0 or 1 to each of its 8 byte lanes (a match's flag bit
  // shifted down), so 255 words fit before a lane can wrap; then the lanes
  // are summed pairwise into 16-bit lanes and those by one multiply.
  constexpr std::size_t k_words_per_sum = 255;
  constexpr std::uint64_t k_even_bytes = 0x00ff00ff00ff00ffULL;
  constexpr std::uint64_t k_ones16 = 0x0001000100010001ULL;
  const std::uint64_t pattern = k_ones * needle;
  std::size_t count = 0;
  std::size_t i = 0;
  while (i + sizeof(std::uint64_t) <= size) {
    std::uint64_t lanes = 0;
    const std::size_t words = std::min(k_words_per_sum, (size - i) / sizeof(std::uint64_t));
    for (std::size_t w = 0; w < words; ++w, i += sizeof(std::uint64_t)) {
      std::uint64_t word;
      std::memcpy(&word, data + i, sizeof word);
      lanes += zero_bytes(word ^ pattern) >> 7;
    }
    const std::uint64_t pairs = (lanes & k_even_bytes) + ((lanes >> 8) & k_even_bytes);
    count += static_cast<std::size_t>((pairs * k_ones16) >> 48);
  }
  for (; i < size; ++i) count += data[i] == needle ? 1 : 0;
  return count;
}

#if defined(__SSE2__) && defined(__x86_64__)
std::size_t count_sse2(const std::uint8_t* data, std::size_t size, std::uint8_t needle) {
  // Each block adds 0 or 1 to every byte lane (subtracting the 0xff of a
  // match), so 255 blocks fit before a lane can wrap; then the lanes are
  // summed into two 64-bit halves with psadbw.
  constexpr std::size_t k_block = 16;
  constexpr std::size_t k_blocks_per_sum = 255;
  const __m128i pattern = _mm_set1_epi8(static_cast<char>(needle));
  const __m128i zero = _mm_setzero_si128();
  std::size_t count = 0;
  std::size_t i = 0;
  while (i + k_block <= size) {
    __m128i lanes = zero;
    const std::size_t blocks = std::min(k_blocks_per_sum, (size - i) / k_block);
    for (std::size_t b = 0; b < blocks; ++b, i += k_block) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(bytes, pattern));
    }
    const __m128i sums = _mm_sad_epu8(lanes, zero);
    count += static_cast<std::size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
  for (; i < size; ++i) count += data[i] == needle ? 1 : 0;
  return count;
}
#endif

std::size_t count_std(const std::uint8_t* data, std::size_t size, std::uint8_t needle) {
  return static_cast<std::size_t>(std::count(data, data + size, needle));
}

}  // namespace own_code
