#pragma once
// A known regression for the tests of `run --measure allocations` only
// (tests/harness/run/CMakeLists.txt builds a driver with
// BENCHGATE_TEST_REGRESSION_HTTP_PARSE_ALLOC; no released build defines
// it): the core's entry points allocate one heap block per parse.

#include <cstddef>
#include <memory>
#include <span>
#include <string_view>

#include "cores/http_parse/http_parse.hpp"

namespace cores::http_parse {

#ifdef BENCHGATE_TEST_REGRESSION_HTTP_PARSE_ALLOC
inline constexpr bool k_test_allocate_per_parse = true;
#else
inline constexpr bool k_test_allocate_per_parse = false;
#endif

// The size of the knob's block: any size is one allocation; a cache line.
inline constexpr std::size_t k_test_block_bytes = 64;

// One heap block, allocated and freed. The pointer escapes into an empty
// asm statement so that the compiler cannot elide the new/delete pair
// (allowed since C++14, done by GCC's -fallocation-dce).
inline void test_regression_allocate() {
  auto block = std::make_unique<char[]>(k_test_block_bytes);
  asm volatile("" : : "r"(block.get()) : "memory");
}

// parse_request and parse_response plus the knob's allocation.
inline parse_result parse_request_with_test_allocation(std::string_view input, request_head& out,
                                                       std::span<header> headers) {
  test_regression_allocate();
  return parse_request(input, out, headers);
}
inline parse_result parse_response_with_test_allocation(std::string_view input, response_head& out,
                                                        std::span<header> headers) {
  test_regression_allocate();
  return parse_response(input, out, headers);
}

}  // namespace cores::http_parse
