#pragma once
// What `benchgate explain` found for one cell (schema benchgate.explain/1,
// docs/explain.md): per-iteration instruction costs of the functions and
// source lines whose cost changed most between an OLD and a NEW build, the
// totals they add up to and an assessment. Made by harness/explain,
// written by explain_json.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace benchgate::explain {

inline constexpr std::string_view explain_schema = "benchgate.explain/1";

// One function: instructions per iteration on each side (0 when absent).
struct explained_function {
  std::string name;  // demangled and trimmed
  double old_self = 0;
  double new_self = 0;
  double old_inclusive = 0;
  double new_inclusive = 0;
};

// One source line within one of the top functions (self instructions).
struct explained_line {
  std::string function;  // as in explained_function::name
  std::string file;
  std::int64_t line = 0;
  double old_self = 0;
  double new_self = 0;
};

// One side (build) of the explanation.
struct explained_side {
  std::string binary;                 // as given on the command line
  std::int64_t iterations = 0;        // iterations the profile covers
  double total = 0;                   // callgrind's total, per iteration
  double functions_sum = 0;           // the sum of every function's self cost, per iteration
  std::optional<double> measured;     // the cell's measured count (drivers: the results file)
  bool has_symbols = true;            // false when most cost lies in code without a symbol
  bool has_line_info = false;         // some cost has a source line
};

enum class explain_assessment {
  code_change,       // some function's own instruction count moved
  layout_or_memory,  // no function's count moved, yet the time did (--time-change); no cache simulation
  memory_effect,     // --cache-sim: no function's instructions moved, its simulated cache costs did
  layout_effect,     // --cache-sim: neither moved, yet the time did (--time-change)
  no_change,         // nothing moved (and no time change was given)
};

// Cache-simulated figures per iteration (explain --cache-sim,
// run/cache_sim.hpp): hits at each level and the estimated cycles
// (L1 hits + 5 LL hits + 35 RAM accesses).
struct cache_totals {
  double l1_hits = 0;
  double ll_hits = 0;
  double ram_accesses = 0;
  double l1_misses = 0;
  double estimated_cycles = 0;
};

// One function's own simulated cache costs per iteration, on each side.
struct explained_cache_function {
  std::string name;  // as in explained_function::name
  cache_totals old_costs;
  cache_totals new_costs;
};

// The cache side of an explanation: the simulated caches, both sides'
// totals and the functions whose estimated cycles changed most.
struct explained_cache {
  std::string model;  // the simulated caches (run/cache_sim.hpp's k_cache_model)
  cache_totals old_totals;
  cache_totals new_totals;
  std::vector<explained_cache_function> functions;  // most changed estimated cycles first
};

struct explanation {
  std::string cell;
  std::string kind;  // "benchgate" (drivers) or "gbench" (Google Benchmark executables)
  explained_side old_side;
  explained_side new_side;
  std::vector<explained_function> functions;  // most changed first (|self change|)
  std::vector<explained_line> lines;          // most changed first, within the top functions
  std::optional<double> time_change_pct;      // given by the caller (a failing time gate)
  explain_assessment assessment = explain_assessment::no_change;
  std::vector<std::string> notes;             // what the reader must know (no symbols, no line info)
  std::optional<std::string> flamegraph;      // the differential flame graph's SVG file, when one was written
  std::optional<explained_cache> cache;       // with --cache-sim
};

// What one `benchgate explain` wrote: one explanation per cell explained,
// and the cells it was asked for but did not explain (a verdict's failing
// cells beyond --max-cells or --max-seconds), each "name: why".
struct explain_document {
  std::vector<explanation> explanations;
  std::vector<std::string> not_explained;
};

std::string_view to_string(explain_assessment a);

}  // namespace benchgate::explain
