#pragma once
// Reading callgrind's dump files (`run --measure instructions`). A dump made
// with CALLGRIND_DUMP_STATS_AT(label) says which client request triggered it
// ("desc: Trigger: Client Request: LABEL") and its total event counts
// ("summary: N" in the header, "totals: N" at the end; the first event is Ir,
// instructions executed, the only event callgrind collects by default).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "harness/run/cache_sim.hpp"

namespace benchgate::run {

// The instructions (Ir) of one dump, when `text` is a dump triggered by the
// client request `label`; nullopt when the label differs or no total is found.
std::optional<std::int64_t> dump_instructions(std::string_view text, std::string_view label);

// A dump made with --cache-sim=yes: its total of each cache event and the
// caches callgrind simulated, as its "desc: I1 cache: ...", "D1" and "LL"
// lines say them, joined as k_cache_model spells them ("I1 32768 B, 64 B,
// 8-way associative; D1 ...; LL ...").
struct cache_dump {
  cache_events totals;
  std::string model;
};

// The cache totals of the dump triggered by `label`; nullopt when the label
// differs, or the dump has no events line naming every cache event (made
// without --cache-sim=yes) or no total.
std::optional<cache_dump> dump_cache_events(std::string_view text, std::string_view label);

}  // namespace benchgate::run
