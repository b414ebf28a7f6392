#pragma once
// The page_iter case (harness/cases/page_iter/SPEC.md): iterate the present rows of a
// 64 KiB page, bit-vec slot scan vs FixedBitSet trailing zeros.

#include <memory>

#include "benchgate/case.hpp"

namespace benchgate::cases {

std::unique_ptr<benchgate::benchmark_case> make_page_iter_case();

}  // namespace benchgate::cases
