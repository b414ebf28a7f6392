#include "harness/explain/cache_text.hpp"

#include "harness/support/text/decimal_text.hpp"

namespace benchgate::explain {

namespace {

constexpr int k_cache_column_width = 12;

using text::one_decimal;

std::string column(const std::string& s) { return text::right_aligned(s, k_cache_column_width); }

std::string change(double old_value, double new_value) {
  std::string out = one_decimal(new_value - old_value, true);
  if (old_value != 0) out += " (" + text::percent_change(old_value, new_value) + ")";
  return out;
}

std::string figure_line(const char* what, double old_value, double new_value) {
  return std::string("  ") + what + ": " + one_decimal(old_value) + " -> " + one_decimal(new_value) + ", " +
         change(old_value, new_value) + "\n";
}

}  // namespace

std::string cache_text(const explanation& e) {
  if (!e.cache) return "";
  const auto& c = *e.cache;
  std::string out = "\nsimulated caches (callgrind --cache-sim: " + c.model +
                    "; deterministic, not this machine's caches), per iteration, OLD -> NEW:\n";
  out += figure_line("L1 hits         ", c.old_totals.l1_hits, c.new_totals.l1_hits);
  out += figure_line("last-level hits ", c.old_totals.ll_hits, c.new_totals.ll_hits);
  out += figure_line("RAM accesses    ", c.old_totals.ram_accesses, c.new_totals.ram_accesses);
  out += figure_line("estimated cycles", c.old_totals.estimated_cycles, c.new_totals.estimated_cycles);
  out += "  (estimated cycles = L1 hits + 5 x last-level hits + 35 x RAM accesses, Itamar Turner-Trauring's weights "
         "as iai-callgrind uses them)\n";
  if (c.functions.empty()) {
    out += "functions' own estimated cycles: none changed\n";
    return out;
  }
  out += "functions, most changed own estimated cycles first:\n";
  out += column("cycles old") + column("cycles new") + column("change") + column("L1 miss old") +
         column("L1 miss new") + column("RAM old") + column("RAM new") + "  function\n";
  for (const auto& f : c.functions) {
    out += column(one_decimal(f.old_costs.estimated_cycles)) + column(one_decimal(f.new_costs.estimated_cycles)) +
           column(one_decimal(f.new_costs.estimated_cycles - f.old_costs.estimated_cycles, true)) +
           column(one_decimal(f.old_costs.l1_misses)) + column(one_decimal(f.new_costs.l1_misses)) +
           column(one_decimal(f.old_costs.ram_accesses)) + column(one_decimal(f.new_costs.ram_accesses)) + "  " +
           f.name + "\n";
  }
  return out;
}

std::string cache_markdown(const explanation& e) {
  if (!e.cache) return "";
  const auto& c = *e.cache;
  std::string out = "Simulated caches (per iteration): estimated cycles " + one_decimal(c.old_totals.estimated_cycles) +
                    " → " + one_decimal(c.new_totals.estimated_cycles) + " (" +
                    one_decimal(c.new_totals.estimated_cycles - c.old_totals.estimated_cycles, true) +
                    (c.old_totals.estimated_cycles > 0
                         ? ", " + text::percent_change(c.old_totals.estimated_cycles, c.new_totals.estimated_cycles)
                         : std::string()) +
                    "), RAM accesses " +
                    one_decimal(c.old_totals.ram_accesses) + " → " + one_decimal(c.new_totals.ram_accesses);
  if (!c.functions.empty()) out += "; most changed: `" + c.functions.front().name + "`";
  return out + ".\n\n";
}

}  // namespace benchgate::explain
