#pragma once
// Cache-aware deterministic counts (`--measure instructions --cache-sim`,
// `explain --cache-sim`, docs/instructions.md "Cache simulation"): callgrind
// simulates a two-level cache (first-level I1 and D1, a unified last-level
// LL) and counts, besides the instructions (Ir), the data reads (Dr) and
// writes (Dw) and the misses at each level. From those, per iteration:
// L1 hits, last-level hits, RAM accesses and an estimated cycle count.
//
// The simulated caches are pinned (k_cache_sim_arguments), not the host's:
// valgrind would otherwise read them from the CPU (cpuid), which differs
// between CI machines and is often nonsense in a VM (this project's VM
// reports a 256 MiB direct-mapped LL), and counts made on two machines
// would not compare. The figures are deterministic, but they are a
// simulation: not the hardware's caches, prefetchers or latencies.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace benchgate::run {

// The estimated cycle count's weights, cycles per access: an L1 hit 1, a
// last-level hit 5, a RAM access 35. They are Itamar Turner-Trauring's
// ("Consistent benchmarking in CI", https://pythonspeed.com/articles/
// consistent-benchmarking-in-ci/), which iai and iai-callgrind (now
// gungraun) use for their "Estimated Cycles": a rough latency model, not a
// measurement of any CPU.
inline constexpr std::int64_t k_l1_hit_cycles = 1;
inline constexpr std::int64_t k_ll_hit_cycles = 5;
inline constexpr std::int64_t k_ram_access_cycles = 35;

// The simulated caches, in valgrind's --I1/--D1/--LL syntax (size in bytes,
// associativity, line size in bytes): 32 KiB 8-way first-level caches and an
// 8 MiB 16-way last level with 64-byte lines, a common desktop/server x86
// geometry (e.g. Intel Skylake's L1s; an 8 MiB L3 slice set).
inline constexpr std::string_view k_i1_cache = "32768,8,64";
inline constexpr std::string_view k_d1_cache = "32768,8,64";
inline constexpr std::string_view k_ll_cache = "8388608,16,64";
// The same, as callgrind describes them in a dump ("desc: I1 cache: ...").
inline constexpr std::string_view k_cache_model =
    "I1 32768 B, 64 B, 8-way associative; D1 32768 B, 64 B, 8-way associative; "
    "LL 8388608 B, 64 B, 16-way associative";

// The valgrind arguments that switch the simulation on with these caches.
std::vector<std::string> cache_sim_arguments();

// The events callgrind counts with --cache-sim=yes, in its order.
inline constexpr std::array<std::string_view, 9> k_cache_event_names = {"Ir",   "Dr",   "Dw",   "I1mr", "D1mr",
                                                                        "D1mw", "ILmr", "DLmr", "DLmw"};

// One count of each event (a dump's total, or one function's own cost).
struct cache_events {
  std::array<std::int64_t, k_cache_event_names.size()> counts{};
  std::int64_t of(std::string_view event) const;  // 0 for a name not in k_cache_event_names
  cache_events& operator+=(const cache_events& other);
  bool operator==(const cache_events&) const = default;
};

// Where each of k_cache_event_names is in an "events:" line's list (its
// value, e.g. "Ir Dr Dw I1mr ..."); nullopt when any is missing (the run
// was made without --cache-sim=yes).
using cache_columns = std::array<std::size_t, k_cache_event_names.size()>;
std::optional<cache_columns> find_cache_columns(std::string_view events);

// What the events mean per access, as iai-callgrind derives them: every
// access (Ir + Dr + Dw) hits in L1, else in LL, else goes to RAM.
//   L1 misses    = I1mr + D1mr + D1mw
//   RAM accesses = ILmr + DLmr + DLmw        (last-level misses)
//   L1 hits      = Ir + Dr + Dw - L1 misses
//   LL hits      = L1 misses - RAM accesses
//   estimated cycles = L1 hits + 5 LL hits + 35 RAM accesses
// Divided by `iterations` (> 0), as doubles.
struct cache_figures {
  double l1_hits = 0;
  double ll_hits = 0;
  double ram_accesses = 0;
  double estimated_cycles = 0;
  double l1_misses = 0;
};
cache_figures figures_of(const cache_events& events, double iterations = 1);

// The figures as named results metrics (formats/metric.hpp), in this order:
// l1_hits, ll_hits, ram_accesses, estimated_cycles.
std::vector<std::pair<std::string, double>> as_counters(const cache_figures& figures);

}  // namespace benchgate::run
