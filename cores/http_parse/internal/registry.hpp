#pragma once
// The implementations each impl_*.cpp defines; dispatch.cpp lists them.

#include "cores/http_parse/implementations.hpp"

namespace cores::http_parse::internal {

// Each defined in its own translation unit, compiled for its CPU
// (impl_sse42.cpp with -msse4.2, impl_avx2.cpp with -mavx2; off x86,
// impl_x86_absent.cpp defines the last two with null functions).
const implementation& scalar_implementation();
const implementation& swar_implementation();
const implementation& sse42_implementation();
const implementation& avx2_implementation();

}  // namespace cores::http_parse::internal
