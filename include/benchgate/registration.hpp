#pragma once
// benchgate/registration.hpp: one line registers a case with the driver.
//
// Contract: BENCHGATE_CASE(make_my_case), at namespace scope in any source
// file of the executable, where `make_my_case` is a function
// `std::unique_ptr<benchgate::benchmark_case> ()`, adds the case to the
// driver that benchgate::main gives the executable. Registration only
// records the function (during static initialisation); the driver calls it
// once at start and checks the case (benchgate/case.hpp): a broken or
// duplicate case is an "error: case 'NAME': ..." with exit 2.
// The source file must be linked into the executable: list it in
// add_executable, or use an OBJECT library; a static library's object that
// nothing references is dropped by the linker, and its case with it.

#include <memory>

#include "benchgate/case.hpp"
#include "benchgate/detail/builtin_case.hpp"

namespace benchgate {

using case_factory = std::unique_ptr<benchmark_case> (*)();

// Records `make` for the driver; returns true (for the static initialiser).
// `builtin` marks benchgate's own cases (benchgate/detail/builtin_case.hpp).
bool register_case(case_factory make, bool builtin = false);

}  // namespace benchgate

#define BENCHGATE_CASE_JOIN_(a, b) a##b
#define BENCHGATE_CASE_JOIN(a, b) BENCHGATE_CASE_JOIN_(a, b)
#define BENCHGATE_CASE(make)                                                      \
  [[maybe_unused]] static const bool BENCHGATE_CASE_JOIN(benchgate_case_registered_, \
                                                         __LINE__) = ::benchgate::register_case(&(make), BENCHGATE_BUILTIN_CASE != 0)
