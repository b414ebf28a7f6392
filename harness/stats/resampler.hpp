#pragma once
// Drawing indices with replacement for the bootstrap loops of this module.
// Deterministic: the same seed gives the same draws on every platform.

#include <cstddef>
#include <cstdint>
#include <span>

#include "benchgate/rng.hpp"

namespace benchgate::stats {

// Uniform indices in [0, n) for 0 < n < 2^32, two per 64-bit SplitMix64
// output (Lemire's multiply-shift on each 32-bit half, "Fast Random Integer
// Generation in an Interval", ACM TOMACS 2019, without the rejection step:
// the bias, below n / 2^32, is far under a bootstrap's own error).
class index_sampler {
 public:
  index_sampler(std::uint64_t seed, std::uint32_t n) : rng_(seed), n_(n) {}

  std::uint32_t next() {
    if (has_spare_) {
      has_spare_ = false;
      return scale(spare_);
    }
    const std::uint64_t bits = rng_.next();
    spare_ = static_cast<std::uint32_t>(bits >> k_half_bits);
    has_spare_ = true;
    return scale(static_cast<std::uint32_t>(bits));
  }

  // out.size() draws, the same as that many calls of next() (a spare half
  // carries over between calls), two per generator step without a branch
  // per draw: the bootstrap loops spend most of their time here.
  void fill(std::span<std::uint32_t> out) {
    std::size_t i = 0;
    if (has_spare_ && !out.empty()) {
      has_spare_ = false;
      out[i++] = scale(spare_);
    }
    for (; i + 2 <= out.size(); i += 2) {
      const std::uint64_t bits = rng_.next();
      out[i] = scale(static_cast<std::uint32_t>(bits));
      out[i + 1] = scale(static_cast<std::uint32_t>(bits >> k_half_bits));
    }
    if (i < out.size()) out[i] = next();
  }

 private:
  static constexpr unsigned k_half_bits = 32;

  std::uint32_t scale(std::uint32_t bits) const {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(bits) * n_) >> k_half_bits);
  }

  benchgate::splitmix64 rng_;
  std::uint64_t n_;
  std::uint32_t spare_ = 0;
  bool has_spare_ = false;
};

// An independent seed for stream `stream` of `seed` (one SplitMix64 step of
// their mix), so that one user seed feeds many unrelated resampling loops.
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
  constexpr std::uint64_t k_stream_stride = 0x9e3779b97f4a7c15ULL;  // 2^64 / golden ratio
  return benchgate::splitmix64(seed ^ (stream * k_stream_stride)).next();
}

}  // namespace benchgate::stats
