#pragma once
// Unpredictable 64-bit values for salting and keying hash tables.

#include <cstdint>

namespace cores::clvm_backrefs {

// 64 bits from std::random_device; if the device is unavailable (it may
// throw), the steady clock mixed with SplitMix64's finalizer. Never throws.
std::uint64_t random_salt();

}  // namespace cores::clvm_backrefs
