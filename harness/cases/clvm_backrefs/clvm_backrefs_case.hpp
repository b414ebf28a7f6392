#pragma once
// The clvm_backrefs case (harness/cases/clvm_backrefs/SPEC.md): serializing CLVM trees
// with back references, salted SipHash maps vs the identity-hashed core.

#include <memory>

#include "benchgate/case.hpp"

namespace benchgate::cases {

std::unique_ptr<benchgate::benchmark_case> make_clvm_backrefs_case();

}  // namespace benchgate::cases
