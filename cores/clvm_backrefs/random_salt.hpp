#pragma once
// Unpredictable 64-bit values for salting and keying hash tables.

#include <cstdint>

namespace cores::clvm_backrefs {

// 64 bits from std::random_device; if the device is unavailable (it may
// throw), the steady clock mixed with SplitMix64's finalizer. Never throws.
// Costs tens of microseconds (a system call per 32 bits).
std::uint64_t random_salt();

// A stream of salts: SplitMix64 (Steele, Lea, Flood, OOPSLA 2014) seeded
// once from random_salt(), for objects that need a fresh salt per call
// without the cost of the random device each time.
class salt_stream {
 public:
  salt_stream() : state_(random_salt()) {}
  std::uint64_t next();

 private:
  std::uint64_t state_;
};

}  // namespace cores::clvm_backrefs
