#pragma once
// The versioned_map case (harness/cases/versioned_map/SPEC.md): FoundationDB's
// VersionedMap over four roots containers, std::map vs std::deque vs ring
// buffer vs boost::circular_buffer.

#include <memory>

#include "benchgate/case.hpp"

namespace benchgate::cases {

std::unique_ptr<benchgate::benchmark_case> make_versioned_map_case();

}  // namespace benchgate::cases
