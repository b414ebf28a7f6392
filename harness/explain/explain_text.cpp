#include "harness/explain/explain_text.hpp"

#include <cmath>
#include <cstdio>

#include "harness/explain/cache_text.hpp"
#include "harness/explain/profile_diff.hpp"
#include "harness/support/text/decimal_text.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::explain {

namespace {

constexpr int k_count_width = 11;

using text::one_decimal;

std::string padded(const std::string& s) { return text::right_aligned(s, k_count_width); }

std::string change_pct(double old_value, double new_value) {
  return old_value == 0 ? "new" : text::percent_change(old_value, new_value);
}

std::string side_line(const char* label, const explained_side& s) {
  std::string out = std::string("  ") + label + " " + s.binary + ": " + one_decimal(s.total) + " instructions per iteration (" +
                    std::to_string(s.iterations) + " iterations profiled)\n";
  out += std::string("      functions add up to ") + one_decimal(s.functions_sum);
  if (s.measured) out += "; the cell's own count: " + one_decimal(*s.measured);
  return out + "\n";
}

}  // namespace

std::string assessment_text(const explanation& e) {
  switch (e.assessment) {
    case explain_assessment::code_change:
      return "code change: the functions above run a different number of instructions per iteration.";
    case explain_assessment::layout_or_memory:
      return "likely a layout or memory effect, not a code change: no function's instruction count moved (each within " +
             one_decimal(k_unchanged_fraction * units::k_percent) + " % of the total), yet the time moved " +
             one_decimal(e.time_change_pct.value_or(0), true) +
             " %. Code alignment, data placement or cache behaviour can do that alone. To tell them apart: "
             "rebuild NEW with a different function alignment (e.g. -falign-functions=64, or another link order) "
             "and time it again (a layout effect moves or vanishes); compare cache-simulated counts of both builds "
             "(benchgate explain --cache-sim, callgrind's --cache-sim=yes): a memory effect shows as more L1 or last-level misses at "
             "equal instructions.";
    case explain_assessment::memory_effect:
      return "likely a memory effect, not a code change: no function's instruction count moved (each within " +
             one_decimal(k_unchanged_fraction * units::k_percent) +
             " % of the total), but the simulated cache costs did (the functions above, by estimated cycles): the same "
             "instructions wait on memory differently (data layout, a bigger node, another access order or "
             "placement).";
    case explain_assessment::layout_effect:
      return "likely a layout (code or data alignment) effect: neither the instruction counts nor the simulated "
             "cache costs of any function moved, yet the time moved " +
             one_decimal(e.time_change_pct.value_or(0), true) +
             " %. To confirm: rebuild NEW (and OLD) with -falign-functions=64 (or another link order) and time them "
             "again; a layout effect moves or vanishes.";
    case explain_assessment::no_change:
      break;
  }
  if (e.cache) {
    return "no change: every function runs the same instructions, with the same simulated cache costs, per "
           "iteration in both builds.";
  }
  return "no change: every function runs the same instructions per iteration in both builds.";
}

std::string explanation_text(const explanation& e) {
  const auto& o = e.old_side;
  const auto& n = e.new_side;
  std::string out = "explain " + e.cell + " (" + (e.kind == "gbench" ? "Google Benchmark executables" : "benchgate drivers") +
                    ", instructions per iteration under callgrind)\n";
  out += side_line("OLD", o);
  out += side_line("NEW", n);
  out += "  change: " + one_decimal(n.total - o.total, true) + " (" + change_pct(o.total, n.total) + ")";
  if (o.measured && n.measured) out += "; measured: " + one_decimal(*n.measured - *o.measured, true);
  if (e.time_change_pct) out += "; time: " + one_decimal(*e.time_change_pct, true) + " %";
  out += "\n\n";
  if (e.functions.empty()) {
    out += "functions: none changed\n";
  } else {
    out += "functions, most changed self count first:\n";
    out += padded("self old") + padded("self new") + padded("change") + padded("incl old") + padded("incl new") +
           padded("change") + "  function\n";
    for (const auto& f : e.functions) {
      out += padded(one_decimal(f.old_self)) + padded(one_decimal(f.new_self)) + padded(one_decimal(f.new_self - f.old_self, true)) +
             padded(one_decimal(f.old_inclusive)) + padded(one_decimal(f.new_inclusive)) +
             padded(one_decimal(f.new_inclusive - f.old_inclusive, true)) + "  " + f.name + "\n";
    }
  }
  if (!e.lines.empty()) {
    out += "\nlines, most changed first (self):\n";
    out += padded("old") + padded("new") + padded("change") + "  line\n";
    for (const auto& l : e.lines) {
      out += padded(one_decimal(l.old_self)) + padded(one_decimal(l.new_self)) + padded(one_decimal(l.new_self - l.old_self, true)) + "  " +
             l.file + ":" + std::to_string(l.line) + "  (" + l.function + ")\n";
    }
  }
  out += cache_text(e);
  out += "\n" + assessment_text(e) + "\n";
  for (const auto& note : e.notes) out += "note: " + note + "\n";
  return out;
}

}  // namespace benchgate::explain
