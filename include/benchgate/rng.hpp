#pragma once
// benchgate/rng.hpp: a small deterministic PRNG for workload generators.
//
// Contract: the same seed gives the same stream on every platform and
// standard library (unlike the distributions of <random>, whose algorithms
// are unspecified); header-only, no allocation, never throws.

#include <cstdint>

namespace benchgate {

// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014); passes BigCrush, one 64-bit state word.
class splitmix64 {
 public:
  explicit splitmix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1) with 53 random bits.
  double uniform01() {
    constexpr double k_two_to_minus_53 = 1.0 / 9007199254740992.0;
    return static_cast<double>(next() >> 11) * k_two_to_minus_53;
  }

  // Uniform in [0, bound) for bound > 0 (Lemire's multiply-shift; the bias
  // is below 2^-64 * bound, irrelevant for workloads).
  std::uint64_t below(std::uint64_t bound) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(next()) * bound) >> 64);
  }

 private:
  std::uint64_t state_;
};

}  // namespace benchgate
