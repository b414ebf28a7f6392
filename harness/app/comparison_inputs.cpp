#include "harness/app/comparison_inputs.hpp"

#include "harness/compare/compare.hpp"
#include "harness/errors/input_error.hpp"
#include "harness/results/baseline_store.hpp"

namespace benchgate::app {

loaded_side load_side(const std::string& text, const std::filesystem::path& baseline_dir, const char* what) {
  std::optional<std::string> baseline;
  auto loaded = results::load_results_or_baseline(text, baseline_dir, what, baseline);
  const auto path = baseline ? results::baseline_path(baseline_dir, *baseline).string() : text;
  auto source = compare::describe_source(loaded.results, loaded.format, path, baseline);
  return {text, std::move(loaded), std::move(source)};
}

results::diff compare_sides(const loaded_side& old_side, const loaded_side& new_side,
                            const results::comparison_settings& settings) {
  auto d = compare::compare_runs(old_side.loaded.results, old_side.source, new_side.loaded.results,
                                 new_side.source, settings);
  if (d.cells.empty() && d.not_compared.empty()) {
    throw input_error("OLD " + old_side.text + " and NEW " + new_side.text + ": no cell name is on both sides (" +
                      std::to_string(d.only_old.size()) + " and " + std::to_string(d.only_new.size()) +
                      " cells); expected results of the same benchmarks");
  }
  return d;
}

}  // namespace benchgate::app
