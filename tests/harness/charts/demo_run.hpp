#pragma once
// A small hand-made run for the chart and page tests: case "demo" with axes
// kind (a, b) x size (8, 64, 512), variants baseline, core (4x faster) and
// peer (2x faster), 12 samples each, work in bytes; one more cell of case
// "other" without work.

#include <string>

#include "harness/formats/model.hpp"

namespace benchgate::charts::testing {

inline results::cell demo_cell(const std::string& variant, benchgate::variant_role role, const std::string& kind,
                               const std::string& size, double ns) {
  results::cell c;
  c.case_name = "demo";
  c.variant = variant;
  c.role = role;
  c.params = {{"kind", kind}, {"size", size}};
  c.name = "demo/" + variant + "/kind:" + kind + "/size:" + size;
  c.work = {benchgate::work_unit::bytes, std::stod(size) * 64};
  for (int i = 0; i < 12; ++i) {
    // One high sample per cell, so outliers show.
    const double wobble = i == 11 ? 0.2 : 0.01 * ((i * 7) % 5);
    c.samples.push_back({1000, ns * (1 + wobble), ns * (1 + wobble), std::nullopt, {}});
  }
  c.figures = {{"header_bytes", role == benchgate::variant_role::baseline ? 40.0 : 16.0, "B"}};
  return c;
}

inline results::run_results demo_run(double core_factor = 4) {
  results::run_results run;
  run.env.tool_version = "0.1.0";
  run.env.cpu_model = "Test CPU <&>";
  run.env.date = "2026-12-03T08:00:00Z";
  run.config.cases = {"demo", "other"};
  for (const std::string kind : {"a", "b"}) {
    for (const std::string size : {"8", "64", "512"}) {
      const double ns = std::stod(size) * 10 * (kind == "a" ? 1 : 2);
      run.cells.push_back(demo_cell("baseline", benchgate::variant_role::baseline, kind, size, ns));
      run.cells.push_back(demo_cell("core", benchgate::variant_role::core, kind, size, ns / core_factor));
      run.cells.push_back(demo_cell("peer", benchgate::variant_role::peer, kind, size, ns / 2));
    }
  }
  results::cell other = demo_cell("only", benchgate::variant_role::core, "a", "8", 50);
  other.case_name = "other";
  other.name = "other/only";
  other.params = {};
  other.work = {};
  run.cells.push_back(other);
  return run;
}

}  // namespace benchgate::charts::testing
