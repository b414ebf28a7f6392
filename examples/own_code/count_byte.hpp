#pragma once
// The code under test: how many bytes of a buffer equal a given byte. Four
// ways to count, all with the same contract: any size (0 included), any
// alignment, exact count, no reads outside [data, data + size).

#include <cstddef>
#include <cstdint>

namespace own_code {

// The naive loop: one byte at a time (the baseline).
std::size_t count_bytewise(const std::uint8_t* data, std::size_t size, std::uint8_t needle);

// Eight bytes at a time in a 64-bit word (SWAR: SIMD within a register).
std::size_t count_swar(const std::uint8_t* data, std::size_t size, std::uint8_t needle);

#if defined(__SSE2__) && defined(__x86_64__)
// Sixteen bytes at a time with SSE2 compares, summed per 255 blocks.
std::size_t count_sse2(const std::uint8_t* data, std::size_t size, std::uint8_t needle);
#endif

// std::count over the bytes (the peer: what a C++ user would write).
std::size_t count_std(const std::uint8_t* data, std::size_t size, std::uint8_t needle);

}  // namespace own_code
