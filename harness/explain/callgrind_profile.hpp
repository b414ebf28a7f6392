#pragma once
// Reading one callgrind profile (a dump file, format of valgrind's manual,
// "Callgrind Format Specification", and `man callgrind_annotate`) into the
// cost of each function: its own instructions (self), the instructions of
// the calls it makes (self + calls = inclusive) and its own instructions
// per source line when the binary has line information. Of the events, the
// first named Ir (instructions executed) is kept, and, when the profile
// was made with callgrind's cache simulation (--cache-sim=yes), the cache
// events of run/cache_sim.hpp (each function's own).

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "harness/run/cache_sim.hpp"

namespace benchgate::explain {

// A source position: file and line (line 0: no line information).
using source_line = std::pair<std::string, std::int64_t>;

struct function_cost {
  std::int64_t self = 0;       // instructions in the function itself
  std::int64_t inclusive = 0;  // self + the instructions of its calls
  std::map<source_line, std::int64_t> lines;  // self instructions per source line
  // Inclusive instructions of its calls, by callee name (as `functions`
  // keys): the caller->callee edges of callgrind's call graph (calls=).
  std::map<std::string, std::int64_t> calls;
  run::cache_events cache;                    // self cache events (all 0 without the simulation)
};

struct callgrind_profile {
  std::string trigger;     // the dump's "desc: Trigger: ..." text, "" when absent
  std::int64_t total = 0;  // "totals:" (or "summary:") Ir; the sum of self costs when neither is given
  bool has_cache = false;  // the events include every cache event (callgrind --cache-sim=yes)
  // By function name as the file writes it (mangled with --demangle=no).
  std::map<std::string, function_cost> functions;
};

// Parses the text of one callgrind output file. Throws input_error naming
// `source` and the line number on anything the format does not allow (no
// "events:" line or no Ir event, a cost line outside a function, a
// malformed number, an undefined name id). Recursive calls add their cost
// to the caller's inclusive count again, as callgrind_annotate does.
callgrind_profile parse_callgrind_profile(std::string_view text, std::string_view source);

}  // namespace benchgate::explain
