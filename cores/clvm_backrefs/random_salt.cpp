#include "cores/clvm_backrefs/random_salt.hpp"

#include <chrono>
#include <random>

namespace cores::clvm_backrefs {

namespace {

constexpr unsigned k_bits_per_u32 = 32;
// SplitMix64's increment: 2^64 / golden ratio, odd.
constexpr std::uint64_t k_golden_gamma = 0x9e3779b97f4a7c15ULL;

// SplitMix64's output function (Steele, Lea, Flood, OOPSLA 2014).
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t random_salt() {
  try {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << k_bits_per_u32) ^ device();
  } catch (...) {
    return mix(static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  }
}

std::uint64_t salt_stream::next() { return mix(state_ += k_golden_gamma); }

}  // namespace cores::clvm_backrefs
