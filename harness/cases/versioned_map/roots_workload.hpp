#pragma once
// The `roots` workload (harness/cases/versioned_map/SPEC.md, workload 3): the roots
// container alone, with a plain pointer as the root, to separate the
// container's cost from the value type's (the PR reviewer's question).
// push_back a new version and pop_front beyond a window; getRoot at random
// retained versions.

#include <cstddef>
#include <vector>

#include "cores/versioned_map/version.hpp"

namespace benchgate::cases::versioned_map {

using cores::versioned_map::version;
using root_token = const std::byte*;

// Distinct pointer values for the roots: version v's root is
// &slots[v % k_root_token_slots].
inline constexpr std::size_t k_root_token_slots = 4096;

class root_tokens {
 public:
  root_tokens() : slots_(k_root_token_slots) {}
  root_token of(version v) const { return &slots_[static_cast<std::size_t>(v) % k_root_token_slots]; }

 private:
  std::vector<std::byte> slots_;
};

// Appends versions first..last.
template <class Roots>
void push_versions(Roots& roots, const root_tokens& tokens, version first, version last) {
  for (version v = first; v <= last; ++v) roots.push_back(v, tokens.of(v));
}

// `count` times: push the next version, pop the oldest; returns the next
// version to push.
template <class Roots>
version push_pop(Roots& roots, const root_tokens& tokens, version next, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i, ++next) {
    roots.push_back(next, tokens.of(next));
    roots.pop_front();
  }
  return next;
}

// Looks up every version; returns how many roots were not the version's own.
template <class Roots>
std::size_t get_roots(const Roots& roots, const root_tokens& tokens, const std::vector<version>& versions) {
  std::size_t wrong = 0;
  for (const version v : versions) wrong += roots.root_at(v) != tokens.of(v);
  return wrong;
}

}  // namespace benchgate::cases::versioned_map
