// The one dispatch point (implementations.hpp): the choice is made on first
// use and kept in a function-local constant, so it is made once and never
// changes afterwards.

#include <array>
#include <cstdlib>

#include "cores/http_parse/http_parse.hpp"
#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse {

bool supports(const cpu_features& cpu, impl_id id) {
  switch (id) {
    case impl_id::scalar:
    case impl_id::swar: return true;
    case impl_id::sse42: return cpu.sse42;
    case impl_id::avx2: return cpu.avx2;
  }
  return false;
}

std::span<const implementation> all_implementations() {
  static const std::array<implementation, 4> all = {
      internal::scalar_implementation(), internal::swar_implementation(),
      internal::sse42_implementation(), internal::avx2_implementation()};
  return all;
}

const implementation& get_implementation(impl_id id) {
  return all_implementations()[static_cast<std::size_t>(id)];
}

std::optional<impl_id> parse_impl_name(std::string_view name) {
  for (const auto& impl : all_implementations()) {
    if (impl.name == name) return impl.id;
  }
  return std::nullopt;
}

impl_id choose_impl(const cpu_features& cpu, std::string_view forced) {
  if (const auto id = parse_impl_name(forced); id && supports(cpu, *id)) return *id;
  if (cpu.avx2) return impl_id::avx2;
  if (cpu.sse42) return impl_id::sse42;
  return impl_id::swar;
}

const implementation& dispatched() {
  static const implementation& chosen = [] () -> const implementation& {
    const char* forced = std::getenv(k_force_impl_variable);
    return get_implementation(choose_impl(detect_cpu(), forced != nullptr ? forced : ""));
  }();
  return chosen;
}

parse_result parse_request(std::string_view input, request_head& out, std::span<header> headers) {
  return dispatched().parse_request(input, out, headers);
}

parse_result parse_response(std::string_view input, response_head& out, std::span<header> headers) {
  return dispatched().parse_response(input, out, headers);
}

}  // namespace cores::http_parse
