#include "harness/compare/compare.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <optional>
#include <thread>

#include "harness/compare/cell_change.hpp"
#include "harness/compare/environment_check.hpp"
#include "harness/formats/pairing_records.hpp"
#include "harness/stats/paired.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::compare {

namespace {

// FNV-1a (Fowler, Noll, Vo): a stable hash of a pair's names, so that each
// pair draws its own resamples whatever else is compared.
std::uint64_t name_hash(const std::string& old_name, const std::string& new_name) {
  constexpr std::uint64_t k_fnv_offset_basis = 14695981039346656037ULL;
  constexpr std::uint64_t k_fnv_prime = 1099511628211ULL;
  std::uint64_t hash = k_fnv_offset_basis;
  for (const auto* text : {&old_name, &new_name}) {
    for (const unsigned char c : *text) hash = (hash ^ c) * k_fnv_prime;
    hash = (hash ^ 0U) * k_fnv_prime;  // separator, so ("ab","c") != ("a","bc")
  }
  return hash;
}

enum class side { old_side, new_side };

// Why `c` (of side `which`) cannot be compared, or nullopt.
std::optional<skipped_cell> unusable_side(const results::cell& c, side which,
                                          const comparison_settings& settings) {
  const bool is_new = which == side::new_side;
  const std::string the = std::string("the ") + (is_new ? "new" : "old") + " side ";
  if (!c.error.empty()) {
    if (c.skipped) return skipped_cell{{}, the + "was skipped: " + c.error, is_new ? skip_kind::new_skipped : skip_kind::old_skipped};
    return skipped_cell{{}, the + "failed: " + c.error, is_new ? skip_kind::new_error : skip_kind::old_error};
  }
  if (c.samples.empty()) return skipped_cell{{}, the + "has no samples", skip_kind::no_samples};
  if (settings.metric == time_metric::instructions) {
    const bool counted =
        std::all_of(c.samples.begin(), c.samples.end(), [](const auto& s) { return s.instructions.has_value(); });
    if (!counted) {
      return skipped_cell{
          {}, the + "has no instruction counts (made without 'run --measure instructions')", skip_kind::no_counts};
    }
  } else if (!carries(c, settings.metric)) {
    const auto without = static_cast<std::size_t>(std::count_if(c.samples.begin(), c.samples.end(), [&](const auto& s) {
      return !counter_value(c, s, settings.metric.counter).has_value();
    }));
    if (without == c.samples.size()) {
      return skipped_cell{{}, "no " + to_string(settings.metric) + " in " + (is_new ? "NEW" : "OLD"),
                          skip_kind::no_metric};
    }
    // Some samples have it: the cell is not compared on part of its samples
    // (a paired cell's pairs would no longer match), and the reason says so.
    return skipped_cell{{},
                        the + "lacks " + to_string(settings.metric) + " in " + std::to_string(without) + " of its " +
                            std::to_string(c.samples.size()) +
                            " samples (NaN or absent there); expected it in every sample",
                        skip_kind::no_metric};
  } else if (c.samples.size() < k_min_interval_samples) {
    return skipped_cell{{},
                        the + "has only " + std::to_string(c.samples.size()) +
                            (c.samples.size() == 1 ? " sample" : " samples") + ", fewer than " +
                            std::to_string(k_min_interval_samples) +
                            ": no interval, so no verdict (Google Benchmark: "
                            "--benchmark_repetitions=N)",
                        skip_kind::too_few_samples};
  }
  return std::nullopt;
}

// Measures every pair, spreading the pairs over the machine's cores: each
// pair takes a few milliseconds of CPU time at the defaults and 10 samples
// (docs/measurements/2026-12-04-compare-speed.md), and the results do not depend on the
// order or the thread count (each pair has its own seed).
std::vector<cell_diff> measure_all(const std::vector<cell_pair>& pairs,
                                   const comparison_settings& settings) {
  std::vector<cell_diff> out(pairs.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < pairs.size(); i = next++) {
      const auto& [old_cell, new_cell] = pairs[i];
      out[i] = measure_change(*old_cell, *new_cell, settings,
                              settings.seed ^ name_hash(old_cell->name, new_cell->name));
    }
  };
  const std::size_t threads =
      std::min<std::size_t>(std::max(1U, std::thread::hardware_concurrency()), pairs.size());
  std::vector<std::jthread> workers;
  for (std::size_t t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  return out;
}

// A deterministic cell's change is exact: none when 0, within the noise up
// to the threshold, else improved or regressed.
stats::verdict judge_exact(double change, double noise_threshold) {
  if (change == 0) return stats::verdict::no_change;
  if (change < -noise_threshold) return stats::verdict::improved;
  if (change > noise_threshold) return stats::verdict::regressed;
  return stats::verdict::within_noise;
}

// Adjusts both tests' p-values across the tested cells (deterministic ones
// have no test and do not count in the correction), then judges each cell
// on the chosen test's adjusted p, or a deterministic one by its change.
// A metric better higher is judged on its change negated: a drop is then a
// rise, as a time's rise, so one rule serves both directions.
stats::interval_estimate worsening(const stats::interval_estimate& change, results::better direction) {
  if (direction == results::better::lower) return change;
  return {-change.estimate, -change.upper, -change.lower, change.std_error};
}

void judge_all(std::vector<cell_diff>& cells, const comparison_settings& settings) {
  std::vector<double> welch_p;
  std::vector<double> u_p;
  std::vector<cell_diff*> tested;
  for (auto& c : cells) {
    if (c.deterministic) {
      c.verdict = judge_exact(worsening(c.mean_change, settings.direction).estimate, settings.noise_threshold);
      continue;
    }
    tested.push_back(&c);
    welch_p.push_back(c.welch.p);
    u_p.push_back(c.mann_whitney.p);
  }
  const auto welch_adjusted = stats::adjusted_p_values(welch_p, settings.correction);
  const auto u_adjusted = stats::adjusted_p_values(u_p, settings.correction);
  for (std::size_t i = 0; i < tested.size(); ++i) {
    auto& c = *tested[i];
    c.welch.p_adjusted = welch_adjusted[i];
    c.mann_whitney.p_adjusted = u_adjusted[i];
    // Paired, the Welch slot holds the paired t test (comparison_settings).
    const bool use_t = settings.paired || settings.test == significance_test::welch;
    c.p_value = use_t ? welch_adjusted[i] : u_adjusted[i];
    c.verdict = stats::judge(c.p_value, settings.alpha, worsening(c.mean_change, settings.direction),
                             settings.noise_threshold);
  }
}

// A cell only in NEW that failed its check is a new benchmark that fails
// (docs/gate.md: NEW errored, whatever OLD did): listed as not compared with
// the failure, as a failing cell on both sides is, so the gate fails on it
// rather than calling it merely unjudged.
void move_failed_new_cells(diff& d, const results::run_results& new_run) {
  std::erase_if(d.only_new, [&](const std::string& name) {
    const auto* cell = results::find_cell(new_run, name);
    if (cell == nullptr || cell->error.empty() || cell->skipped) return false;
    auto failed = unusable_side(*cell, side::new_side, {});
    failed->name = name;
    failed->reason += " (only in NEW)";
    d.not_compared.push_back(std::move(*failed));
    return true;
  });
}

// The sign-flip test of n pairs cannot give p below 2^(1 - n): with too
// few pairs no change, however large, is significant, and the cell reads
// "no change". Said once for the cells it holds for.
void warn_of_too_few_pairs(diff& d) {
  if (!d.config.paired || d.config.clustered) return;
  std::size_t cells = 0;
  std::size_t fewest = std::numeric_limits<std::size_t>::max();
  std::size_t most = 0;
  for (const auto& c : d.cells) {
    const auto pairs = c.old_side.samples;
    if (c.deterministic || pairs != c.new_side.samples || stats::smallest_sign_flip_p(pairs) < d.config.alpha) continue;
    ++cells;
    fewest = std::min(fewest, pairs);
    most = std::max(most, pairs);
  }
  if (cells == 0) return;
  std::size_t enough = 2;
  while (stats::smallest_sign_flip_p(enough) >= d.config.alpha) ++enough;
  const auto pairs_text = fewest == most ? std::to_string(fewest) : std::to_string(fewest) + " to " + std::to_string(most);
  d.warnings.push_back({"few_pairs", std::to_string(cells) + " of " + std::to_string(d.cells.size()) + " cells have " +
                                         pairs_text + " pairs, too few for the paired test: its p is at least " +
                                         text::number_text(stats::smallest_sign_flip_p(most)) + ", not below alpha " +
                                         text::number_text(d.config.alpha) +
                                         ", so no change in them can be significant; pair at least " +
                                         std::to_string(enough) + " samples (ab --rounds, gate --confirm)"});
}

diff compare_pairs(const pairing& paired, const comparison_settings& settings) {
  diff d;
  d.config = settings;
  d.only_old = paired.only_old;
  d.only_new = paired.only_new;
  std::vector<cell_pair> measurable;
  for (const auto& pair : paired.pairs) {
    const auto& [old_cell, new_cell] = pair;
    // The new side's failure matters most: it is what the gate fails on.
    auto skipped = unusable_side(*new_cell, side::new_side, settings);
    if (!skipped || (skipped->kind != skip_kind::new_error)) {
      if (auto old_skip = unusable_side(*old_cell, side::old_side, settings)) {
        const auto lacks_it = [](const skipped_cell& s) {
          return s.kind == skip_kind::no_metric && s.reason.starts_with("no ");
        };
        const bool neither = skipped && lacks_it(*skipped) && lacks_it(*old_skip);
        if (neither) old_skip->reason = "no " + to_string(settings.metric) + " on either side";
        skipped = std::move(old_skip);
      }
    }
    if (skipped) {
      skipped->name = new_cell->name;
      d.not_compared.push_back(std::move(*skipped));
    } else {
      measurable.push_back(pair);
    }
  }
  d.cells = measure_all(measurable, settings);
  judge_all(d.cells, settings);
  d.summary = summarize(d.cells);
  const auto unreliable = std::count_if(d.cells.begin(), d.cells.end(), [](const auto& c) {
    return !c.deterministic && !c.mann_whitney.reliable;
  });
  if (unreliable > 0) {
    d.warnings.push_back({"few_samples", std::to_string(unreliable) + " of " + std::to_string(d.cells.size()) +
                                             " cells have fewer than " +
                                             std::to_string(stats::k_min_reliable_u_samples) +
                                             " samples on a side: their U test is unreliable"});
  }
  warn_of_too_few_pairs(d);
  return d;
}

}  // namespace

diff_source describe_source(const results::run_results& run, std::string_view format,
                            std::string path, std::optional<std::string> baseline) {
  diff_source s;
  s.path = std::move(path);
  s.format = std::string(format);
  s.baseline = std::move(baseline);
  s.env = run.env;
  if (format == results::results_schema) s.run_settings = run.config;
  return s;
}

diff compare_runs(const results::run_results& old_run, diff_source old_source,
                  const results::run_results& new_run, diff_source new_source,
                  const comparison_settings& settings) {
  // Runs made as lockstep partners compare sample for sample, in pairs.
  auto used = settings;
  const auto aligned = results::align_pairs(old_run, new_run);
  if (aligned.new_run) used.paired = true;
  const auto& paired_new = aligned.new_run ? *aligned.new_run : new_run;
  used.clustered = aligned.new_run && aligned.clustered;
  auto d = compare_pairs(pair_by_name(old_run, paired_new), used);
  d.mode = compare_mode::runs;
  move_failed_new_cells(d, paired_new);
  if (!aligned.problem.empty()) {
    d.warnings.push_back({"pairing", "the runs were made as lockstep pairs, but not every cell pairs (" +
                                         aligned.problem + "): compared unpaired"});
  }
  auto warnings = environment_warnings(old_source, new_source);
  d.warnings.insert(d.warnings.begin(), warnings.begin(), warnings.end());
  d.old_source = std::move(old_source);
  d.new_source = std::move(new_source);
  return d;
}

diff compare_results(const results::run_results& old_run, std::string old_path,
                     std::optional<std::string> old_baseline, const results::run_results& new_run,
                     std::string new_path, const comparison_settings& settings) {
  auto old_source = describe_source(old_run, results::results_schema, std::move(old_path), std::move(old_baseline));
  auto new_source = describe_source(new_run, results::results_schema, std::move(new_path), std::nullopt);
  return compare_runs(old_run, std::move(old_source), new_run, std::move(new_source), settings);
}

diff compare_variants(const results::run_results& run, diff_source source,
                      benchgate::variant_role base_role,
                      std::vector<benchgate::variant_role> new_roles,
                      const comparison_settings& settings) {
  auto d = compare_pairs(pair_variants(run, base_role, new_roles), settings);
  d.mode = compare_mode::variants;
  d.base_role = base_role;
  d.new_roles = std::move(new_roles);
  d.old_source = source;
  d.new_source = std::move(source);
  return d;
}

diff_summary summarize(std::span<const cell_diff> cells) {
  std::vector<const cell_diff*> pointers;
  pointers.reserve(cells.size());
  for (const auto& c : cells) pointers.push_back(&c);
  return summarize_group(pointers);
}

diff_summary summarize_group(std::span<const cell_diff* const> cells) {
  diff_summary s;
  double log_sum = 0;
  std::size_t logs = 0;
  for (const auto* cell : cells) {
    const auto& c = *cell;
    ++s.compared;
    switch (c.verdict) {
      case stats::verdict::improved: ++s.improved; break;
      case stats::verdict::regressed: ++s.regressed; break;
      case stats::verdict::within_noise: ++s.within_noise; break;
      case stats::verdict::no_change: ++s.no_change; break;
    }
    // 1 + change is the ratio new / old; a ratio of 0 has no logarithm.
    if (1 + c.mean_change.estimate > 0) {
      log_sum += std::log1p(c.mean_change.estimate);
      ++logs;
    } else {
      ++s.geomean_left_out;
    }
  }
  if (logs > 0) s.geomean_change = std::expm1(log_sum / static_cast<double>(logs));
  return s;
}

}  // namespace benchgate::compare
