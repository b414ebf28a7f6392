// Fuzz target for `history import --csv`: any bytes read as a series CSV
// must give runs or an input_error (any other exception or a crash is a
// bug). Every run made must hold at least one cell, each with one finite,
// non-negative value, and name a cell the header has.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "harness/history/csv_import.hpp"
#include "harness/history/csv_table.hpp"
#include "harness/support/errors/input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    for (const auto& row : benchgate::history::read_csv(text, "fuzz")) {
      if (row.line == 0 || row.fields.empty()) __builtin_trap();
    }
  } catch (const benchgate::input_error&) {
  }
  try {
    const auto table = benchgate::history::read_series_csv(text, "fuzz", {});
    const auto runs = benchgate::history::series_run_records(table, "fuzz");
    if (runs.size() != table.rows.size()) __builtin_trap();
    for (const auto& r : runs) {
      if (r.cells.empty() || r.digest.empty()) __builtin_trap();
      for (const auto& c : r.cells) {
        if (c.real_ns.size() != 1 || !std::isfinite(c.real_ns[0]) || c.real_ns[0] < 0) __builtin_trap();
      }
    }
  } catch (const benchgate::input_error&) {
    // The expected outcome for bad input.
  }
  return 0;
}
