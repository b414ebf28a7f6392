#include "harness/gate/confirm.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "harness/gate/confirmation.hpp"
#include "harness/gate/judge.hpp"
#include "harness/gate/rules.hpp"
#include "harness/gate/gate_options.hpp"
#include "harness/paired/gbench_sides.hpp"
#include "harness/support/text/regex_text.hpp"

namespace benchgate::gate {

namespace {

// Timed runs take turns; counted ones need not.
bool lockstep_timing(const compare::loaded_side& old_side, const compare::loaded_side& new_side) {
  return old_side.source.run_settings->measure == results::measure_kind::time &&
         new_side.source.run_settings->measure == results::measure_kind::time;
}

// One old and one new re-run at once (paired_runs.hpp), `old_first`
// taking the first turn when timed.
std::pair<compare::loaded_side, compare::loaded_side> rerun_pair(const confirm_plan& plan, const compare::loaded_side& old_side,
                                               const compare::loaded_side& new_side, const std::string& filter,
                                               const std::filesystem::path& dir, const std::string& tag,
                                               bool old_first, std::optional<int> samples, std::ostream& err) {
  if (old_side.source.run_settings->google_benchmark_args) {
    return paired::gbench_rerun_pair(plan.old_binary, plan.new_binary, old_side, new_side, filter, dir, tag,
                             options::k_min_confirm_samples, plan.fixed_placement, err);
  }
  const bool timed = lockstep_timing(old_side, new_side);
  const auto command = [&](const char* what, const std::filesystem::path& binary, const compare::loaded_side& side) {
    // Both runs in the same fixed order (pair_arguments), so sample i of a
    // cell on one side runs right before or after sample i on the other.
    return paired::side_command{what, binary, rerun_arguments(*side.source.run_settings, filter, samples)};
  };
  return paired::run_pair(command("old", plan.old_binary, old_side), command("new", plan.new_binary, new_side), timed,
                  old_first, dir, tag, {"--confirm", "re-run", std::nullopt, plan.fixed_placement});
}

}  // namespace

std::optional<int> rerun_samples(const results::run_results& old_run, const results::run_results& new_run,
                                 const std::vector<std::string>& cells) {
  std::optional<std::size_t> fewest;
  for (const auto* run : {&old_run, &new_run}) {
    const auto rounds = static_cast<std::size_t>(std::max(run->config.rounds, 1));
    for (const auto& c : run->cells) {
      if (std::find(cells.begin(), cells.end(), c.name) == cells.end()) continue;
      const auto per_round = c.samples.size() / rounds;
      if (!fewest || per_round < *fewest) fewest = per_round;
    }
  }
  if (!fewest || *fewest >= static_cast<std::size_t>(options::k_min_confirm_samples)) return std::nullopt;
  return options::k_min_confirm_samples;
}

std::vector<std::string> rerun_arguments(const results::settings& s, const std::string& filter,
                                         std::optional<int> samples) {
  auto rerun = s;
  rerun.filter = filter;
  // The suspect cells whole, in a fixed number of samples (pair_arguments):
  // no shard (it does not go with lockstep turns).
  rerun.shard.reset();
  return paired::pair_arguments(rerun, samples);
}

namespace {

// The rounds' re-runs so far, each side's in the same order, and how many
// rounds each cell was in.
struct confirmation_pool {
  std::vector<compare::loaded_side> old_runs;
  std::vector<compare::loaded_side> new_runs;
  std::map<std::string, std::size_t> rounds_of;
};

}  // namespace

void confirm_suspects(gate_verdict& verdict, const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                      const confirm_plan& plan, std::ostream& err) {
  const auto suspects = gate::suspects_of(verdict);
  if (suspects.empty() || plan.rounds <= 0) return;
  const paired::work_folder dir(plan.keep_dir, "--confirm-dir", "--confirm");
  // Pooled in the same order on both sides, sample i of old and of new
  // ran back to back: compared as pairs.
  auto paired = plan.settings;
  paired.paired = true;
  const bool timed = lockstep_timing(old_side, new_side);
  const bool gbench = old_side.source.run_settings->google_benchmark_args.has_value();
  confirmation_pool pool;
  const auto compare_pooled = [&](const std::vector<compare::loaded_side>& old_runs, const std::vector<compare::loaded_side>& new_runs,
                                  const std::string& what) {
    return gate::judge(compare::compare_sides_on(paired::pooled_side(old_runs, dir.path(), "old-" + what),
                                        paired::pooled_side(new_runs, dir.path(), "new-" + what), suspects.metrics, paired),
                       plan.rules, plan.command_line);
  };
  // Runs round `round` of `cells`, adds it to the pool and judges it alone.
  const auto run_round = [&](int round, const std::vector<std::string>& cells, const std::string& title) {
    const auto firsts = paired::old_turns_first(round, plan.processes);
    const auto order_text = paired::first_turns_text(firsts);
    // Timed re-runs take enough samples for the paired test (counted ones
    // are exact).
    const auto samples =
        timed ? rerun_samples(old_side.loaded.results, new_side.loaded.results, cells) : std::nullopt;
    err << "gate: " << title << ": re-running " << cells.size() << (cells.size() == 1 ? " cell" : " cells");
    if (gbench) {
      // Plain Google Benchmark executables cannot take turns: alternating
      // processes of one benchmark each (gbench_rerun_pair).
      const int rounds = paired::gbench_rerun_rounds(old_side, new_side, options::k_min_confirm_samples);
      err << ", old and new as alternating Google Benchmark processes (" << firsts.size()
          << (firsts.size() == 1 ? " set" : " sets") << " of " << rounds
          << " rounds of one process a benchmark a side)\n";
    } else {
      err << ", old and new " << (timed ? "in lockstep" : "side by side") << " (" << firsts.size()
          << (firsts.size() == 1 ? " pair" : " pairs") << ", first turn: " << order_text
          << (samples ? ", " + std::to_string(*samples) + " samples a side" : std::string()) << ")\n";
    }
    err << std::flush;
    const auto filter = text::exact_names_regex(cells);
    std::vector<compare::loaded_side> round_old;
    std::vector<compare::loaded_side> round_new;
    for (std::size_t i = 0; i < firsts.size(); ++i) {
      // old-2.3 is round 2's third old process.
      auto [o, n] = rerun_pair(plan, old_side, new_side, filter, dir.path(),
                               std::to_string(round) + "." + std::to_string(i + 1), firsts[i], samples, err);
      round_old.push_back(std::move(o));
      round_new.push_back(std::move(n));
    }
    auto judged = compare_pooled(round_old, round_new, "round-" + std::to_string(round));
    pool.old_runs.insert(pool.old_runs.end(), round_old.begin(), round_old.end());
    pool.new_runs.insert(pool.new_runs.end(), round_new.begin(), round_new.end());
    for (const auto& name : cells) ++pool.rounds_of[name];
    return judged;
  };

  gate::confirmation_evidence evidence;
  evidence.rounds = static_cast<std::size_t>(plan.rounds);
  evidence.timed = timed;
  for (int round = 1; round <= plan.rounds; ++round) {
    const auto again = run_round(round, suspects.cells,
                                 "confirmation round " + std::to_string(round) + "/" + std::to_string(plan.rounds));
    for (const auto& c : again.cells) {
      if (c.status == cell_status::fail) ++evidence.failed_again[c.name];
    }
  }
  // Unstable cells are judged on the pooled pairs; those still too wide
  // get extra rounds of their own, while the budget lasts.
  int extra = 0;
  while (!suspects.unstable.empty()) {
    evidence.pooled = compare_pooled(pool.old_runs, pool.new_runs, "all");
    const auto still = gate::still_unstable(*evidence.pooled, suspects.unstable);
    if (still.empty() || extra == plan.extra_rounds) break;
    ++extra;
    run_round(plan.rounds + extra, still,
              "extra confirmation round " + std::to_string(extra) + "/" + std::to_string(plan.extra_rounds) +
                  " for the cells whose pooled pairs are still too wide");
  }
  evidence.extra_rounds = static_cast<std::size_t>(extra);
  evidence.rounds_of = pool.rounds_of;
  gate::apply_confirmation(verdict, evidence);
}

}  // namespace benchgate::gate
