// The one dispatch point (implementations.hpp): the choice is made on first
// use and kept in a function-local constant, so it is made once and never
// changes afterwards.
//
// parse_request/parse_response read the choice through a write-once cache
// (an atomic pointer, constant-initialized to null, so no guard) rather than
// through dispatched()'s guarded static: the per-call cost is one load, one
// test and a tail jump, with no registers to save. The first call (of any
// thread) fills the cache from dispatched(); a race stores the same pointer.

#include <array>
#include <atomic>
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

namespace {

// dispatched(), cached: null until the first parse. Function-local so that
// it is reachable from here only; constinit, so reading it needs no guard.
std::atomic<const implementation*>& dispatch_cache() {
  static constinit std::atomic<const implementation*> cache{nullptr};
  return cache;
}

// The first call's slow path, out of line so the fast path stays a tail jump.
[[gnu::noinline, gnu::cold]] const implementation& fill_dispatch_cache() {
  const implementation& chosen = dispatched();
  dispatch_cache().store(&chosen, std::memory_order_release);
  return chosen;
}

[[gnu::always_inline]] inline const implementation& cached_dispatch() {
  const implementation* chosen = dispatch_cache().load(std::memory_order_acquire);
  if (chosen != nullptr) [[likely]] return *chosen;
  return fill_dispatch_cache();
}

}  // namespace

parse_result parse_request(std::string_view input, request_head& out, std::span<header> headers) {
  return cached_dispatch().parse_request(input, out, headers);
}

parse_result parse_response(std::string_view input, response_head& out, std::span<header> headers) {
  return cached_dispatch().parse_response(input, out, headers);
}

}  // namespace cores::http_parse
