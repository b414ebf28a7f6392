// Four ways to count a byte, over buffer sizes and match densities: this file and count_byte.*
// are all a user writes; the driver (list, run, compare, gate, ...) comes from benchgate::main.
#include <benchgate/benchgate.hpp>

#include <vector>

#include "count_byte.hpp"

using buffer = std::vector<std::uint8_t>;
constexpr std::uint8_t k_needle = 'x';

// `size` bytes, each the needle with probability `density`, else a random
// other byte (fixed seed: the same buffer in every run).
static buffer make_buffer(std::int64_t size, double density) {
  benchgate::splitmix64 rng(0x636f756e74627974ULL);  // "countbyt"
  buffer bytes(static_cast<std::size_t>(size));
  for (auto& byte : bytes) {
    if (rng.uniform01() < density) { byte = k_needle; continue; }
    const auto other = static_cast<std::uint8_t>(rng.below(255));  // 0..254, skipping the needle
    byte = other >= k_needle ? static_cast<std::uint8_t>(other + 1) : other;
  }
  return bytes;
}

// Each way to count, as a variant's body: the count of the needle in the buffer.
template <std::size_t (*count)(const std::uint8_t*, std::size_t, std::uint8_t)>
static std::size_t in(const buffer& b) { return count(b.data(), b.size(), k_needle); }

BENCHGATE_BENCH(count_byte) {
  return benchgate::bench("count_byte",
                          "count the bytes of a buffer equal to 'x': a byte loop, 64-bit SWAR, SSE2, std::count")
      .axis(benchgate::integer_axis("size", "buffer size in bytes")
                .defaults({64, 4096, 1048576}).quick({64, 4096}).between(1, std::int64_t{1} << 28))
      .axis(benchgate::number_axis("density", "fraction of the bytes that equal the needle")
                .defaults({0, 0.01, 0.5}).quick({0.01, 0.5}).between(0.0, 1.0))
      .setup([](const benchgate::param_point& p) { return make_buffer(p.integer("size"), p.number("density")); })
      .bytes_per_iteration([](const buffer& b) { return b.size(); })
      .figure("matches", "bytes", in<own_code::count_bytewise>)
      .baseline("baseline", "one byte per step (not vectorized)", in<own_code::count_bytewise>)
      .core("swar", "eight bytes per step in a 64-bit word, exact zero-byte test, flags summed in byte lanes",
            in<own_code::count_swar>)
#if defined(__SSE2__) && defined(__x86_64__)
      .core("sse2", "sixteen bytes per step, pcmpeqb, lanes summed with psadbw", in<own_code::count_sse2>)
#endif
      .peer("std_count", "std::count", in<own_code::count_std>);
}
