#include "harness/compare/sides.hpp"

#include <algorithm>
#include <set>

#include "harness/compare/compare.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/formats/baseline_store.hpp"

namespace benchgate::compare {

loaded_side load_side(const std::string& text, const std::filesystem::path& baseline_dir, const char* what) {
  std::optional<std::string> baseline;
  auto loaded = results::load_results_or_baseline(text, baseline_dir, what, baseline);
  // Absolute, so that a diff read from another folder (gate DIFF, plot
  // DIFF, report --diff) still finds its sides.
  std::error_code ec;
  const std::filesystem::path given = baseline ? results::baseline_path(baseline_dir, *baseline) : std::filesystem::path(text);
  auto absolute = std::filesystem::absolute(given, ec);
  const auto path = ec ? given.string() : absolute.lexically_normal().string();
  auto source = compare::describe_source(loaded.results, loaded.format, path, baseline);
  return {text, std::move(loaded), std::move(source)};
}

void require_instruction_counts(const loaded_side& side, const char* what) {
  const auto counted = [](const results::cell& c) {
    return std::any_of(c.samples.begin(), c.samples.end(), [](const auto& s) { return s.instructions.has_value(); });
  };
  const auto& cells = side.loaded.results.cells;
  if (std::none_of(cells.begin(), cells.end(), counted)) {
    throw input_error(std::string(what) + " " + side.text +
                      ": no cell has instruction counts; expected results of 'benchgate run --measure "
                      "instructions' for --metric instructions");
  }
}

bool counts_instructions(const loaded_side& side) {
  const auto& cells = side.loaded.results.cells;
  return std::any_of(cells.begin(), cells.end(), [](const results::cell& c) {
    return std::any_of(c.samples.begin(), c.samples.end(), [](const auto& s) { return s.instructions.has_value(); });
  });
}

void require_same_measure(const loaded_side& old_side, const loaded_side& new_side, const char* how_to_choose) {
  const bool old_counts = counts_instructions(old_side);
  if (old_counts == counts_instructions(new_side)) return;
  const auto measured = [](bool counts) {
    return counts ? std::string("instructions (run --measure instructions, times inflated by valgrind)")
                  : std::string("time");
  };
  throw input_error("OLD " + old_side.text + " measured " + measured(old_counts) + ", NEW " + new_side.text +
                    " measured " + measured(!old_counts) + ": comparing their times would mix measures; expected "
                    "two runs of the same measure, or " + how_to_choose);
}

namespace {

// The counter and figure names the cells of `side` carry, added to `names`.
void add_metric_names(const loaded_side& side, std::set<std::string>& names) {
  for (const auto& c : side.loaded.results.cells) {
    for (const auto& s : c.samples) {
      for (const auto& [name, value] : s.counters) names.insert(name);
    }
    for (const auto& f : c.figures) names.insert(f.name);
  }
}

// A counter no cell of either side carries is a typo or the wrong files,
// not cells that cannot be judged (which is exit 3, "too noisy").
void require_metric_carried(const loaded_side& old_side, const loaded_side& new_side, const std::string& metric) {
  std::set<std::string> names;
  add_metric_names(old_side, names);
  add_metric_names(new_side, names);
  if (names.count(metric) > 0) return;
  std::string carried;
  for (const auto& name : names) carried += (carried.empty() ? "" : ", ") + name;
  throw input_error("metric " + metric + ": no cell of OLD " + old_side.text + " or NEW " + new_side.text +
                    " carries it; expected real_time, cpu_time" +
                    (counts_instructions(old_side) && counts_instructions(new_side) ? ", instructions" : "") +
                    (carried.empty() ? std::string(" (the cells carry no counter)") : " or one they carry: " + carried));
}

}  // namespace

diff compare_sides(const loaded_side& old_side, const loaded_side& new_side,
                   const comparison_settings& settings) {
  if (settings.metric == time_metric::instructions) {
    require_instruction_counts(old_side, "OLD");
    require_instruction_counts(new_side, "NEW");
  }
  if (settings.metric.of == time_metric::kind::counter) require_metric_carried(old_side, new_side, settings.metric.counter);
  auto d = compare::compare_runs(old_side.loaded.results, old_side.source, new_side.loaded.results,
                                 new_side.source, settings);
  if (d.cells.empty() && d.not_compared.empty()) {
    throw input_error("OLD " + old_side.text + " and NEW " + new_side.text + ": no cell name is on both sides (" +
                      std::to_string(d.only_old.size()) + " and " + std::to_string(d.only_new.size()) +
                      " cells); expected results of the same benchmarks");
  }
  return d;
}

namespace {

bool any_carries(const loaded_side& side, const std::string& counter) {
  const auto& cells = side.loaded.results.cells;
  return std::any_of(cells.begin(), cells.end(), [&](const results::cell& c) {
    return std::any_of(c.samples.begin(), c.samples.end(), [&](const results::sample& s) {
      return std::any_of(s.counters.begin(), s.counters.end(), [&](const auto& kv) { return kv.first == counter; });
    });
  });
}

}  // namespace

std::vector<std::string> rates_carried(const loaded_side& old_side, const loaded_side& new_side,
                                       const std::vector<std::string>& rates) {
  std::vector<std::string> out;
  for (const auto& rate : rates) {
    if (any_carries(old_side, rate) && any_carries(new_side, rate)) out.push_back(rate);
  }
  return out;
}

std::vector<diff> compare_sides_on(const loaded_side& old_side, const loaded_side& new_side,
                                   const std::vector<time_metric>& metrics,
                                   const comparison_settings& settings) {
  std::vector<diff> diffs;
  for (const auto& m : metrics) {
    auto one = settings;
    one.metric = m;
    diffs.push_back(compare_sides(old_side, new_side, one));
  }
  return diffs;
}

bool may_be_run_of(const diff_source& source, const results::run_results& run) {
  // A merge keeps its first run's date: its rounds and shard tell it apart.
  if (source.run_settings &&
      (source.run_settings->rounds != run.config.rounds || source.run_settings->shard != run.config.shard)) {
    return false;
  }
  const auto& then = source.env.date;
  const auto& now = run.env.date;
  return then.empty() || now.empty() || then == now;
}

}  // namespace benchgate::compare
