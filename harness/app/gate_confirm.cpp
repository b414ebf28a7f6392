#include "harness/app/gate_confirm.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

#include "harness/app/ab_gbench.hpp"
#include "harness/gate/judge.hpp"
#include "harness/gate/rules.hpp"
#include "harness/options/gate_options.hpp"
#include "harness/options/run_options.hpp"
#include "harness/support/text/regex_text.hpp"

namespace benchgate::app {

namespace {

std::string number_text(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

// Timed runs take turns; counted ones need not.
bool lockstep_timing(const loaded_side& old_side, const loaded_side& new_side) {
  return old_side.source.run_settings->measure == "time" && new_side.source.run_settings->measure == "time";
}

// One old and one new re-run at once (paired_runs.hpp), `old_first`
// taking the first turn when timed.
std::pair<loaded_side, loaded_side> rerun_pair(const confirm_plan& plan, const loaded_side& old_side,
                                               const loaded_side& new_side, const std::string& filter,
                                               const std::filesystem::path& dir, const std::string& tag,
                                               bool old_first, std::optional<int> samples, std::ostream& err) {
  if (old_side.source.run_settings->google_benchmark_args) {
    return gbench_rerun_pair(plan.old_binary, plan.new_binary, old_side, new_side, filter, dir, tag,
                             options::k_min_confirm_samples, err);
  }
  const bool timed = lockstep_timing(old_side, new_side);
  const auto command = [&](const char* what, const std::filesystem::path& binary, const loaded_side& side) {
    auto args = rerun_arguments(*side.source.run_settings, filter, samples);
    // Both runs in the same fixed order (Google Benchmark's interleaving
    // shuffles with a fresh random seed in each process), so sample i of a
    // cell on one side runs right before or after sample i on the other:
    // the partner is the interleaving that matters here.
    if (timed && side.source.run_settings->random_interleaving) args.push_back("--no-interleave");
    return side_command{what, binary, std::move(args)};
  };
  return run_pair(command("old", plan.old_binary, old_side), command("new", plan.new_binary, new_side), timed,
                  old_first, dir, tag, {"--confirm", "re-run"});
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
  std::vector<std::string> args;
  for (const auto& c : s.cases) args.insert(args.end(), {"--case", c});
  args.insert(args.end(), {"--filter", filter});
  for (const auto& [axis, values] : s.params) {
    std::string joined;
    for (const auto& v : values) joined += (joined.empty() ? "" : ",") + v;
    args.insert(args.end(), {"--param", axis + "=" + joined});
  }
  if (s.quick) args.push_back("--quick");
  if (s.measure == "time") {
    if (const int count = samples.value_or(s.samples); count > 0) {
      args.insert(args.end(), {"--samples", std::to_string(count)});
    }
    args.insert(args.end(), {"--measurement-time", number_text(s.measurement_time_s)});
    args.insert(args.end(), {"--warmup", number_text(s.warmup_s)});
    if (s.min_time_s) args.insert(args.end(), {"--min-time", number_text(*s.min_time_s)});
    if (!s.random_interleaving) args.push_back("--no-interleave");
  } else if (s.samples != options::k_instruction_samples) {
    // Counting has no times and no interleaving; its default sample count
    // is below what --samples accepts, so it is passed only when given.
    args.insert(args.end(), {"--samples", std::to_string(s.samples)});
  }
  if (s.rounds > 1) args.insert(args.end(), {"--rounds", std::to_string(s.rounds)});
  for (const auto& input : s.inputs) args.insert(args.end(), {"--input", input});
  if (s.measure != "time") args.insert(args.end(), {"--measure", s.measure});
  // The run being confirmed had a harness slowdown: the re-run must too.
  if (s.injected_slowdown_pct > 0) {
    args.insert(args.end(), {"--inject-slowdown", number_text(s.injected_slowdown_pct)});
    if (s.injected_slowdown_filter) args.insert(args.end(), {"--inject-filter", *s.injected_slowdown_filter});
  }
  return args;
}

namespace {

std::string rounds_text(std::size_t rounds, bool timed) {
  return std::to_string(rounds) + (timed ? " lockstep" : " side-by-side") + " re-run" + (rounds == 1 ? "" : "s");
}

// The rounds' re-runs so far, each side's in the same order, and how many
// rounds each cell was in.
struct confirmation_pool {
  std::vector<loaded_side> old_runs;
  std::vector<loaded_side> new_runs;
  std::map<std::string, std::size_t> rounds_of;
};

}  // namespace

void confirm_suspects(results::gate_verdict& verdict, const loaded_side& old_side, const loaded_side& new_side,
                      const confirm_plan& plan, std::ostream& err) {
  std::vector<std::string> suspects;
  std::vector<std::string> unstable;
  std::vector<results::time_metric> metrics;
  for (const auto& c : verdict.cells) {
    if (c.status != results::cell_status::fail && c.status != results::cell_status::unstable) continue;
    suspects.push_back(c.name);
    if (c.status == results::cell_status::unstable) unstable.push_back(c.name);
    const auto m = gate::compared_metric(c.metric);
    if (std::find(metrics.begin(), metrics.end(), m) == metrics.end()) metrics.push_back(m);
  }
  if (suspects.empty() || plan.rounds <= 0) return;
  const work_folder dir(plan.keep_dir, "--confirm-dir", "--confirm");
  // Pooled in the same order on both sides, sample i of old and of new
  // ran back to back: compared as pairs.
  auto paired = plan.settings;
  paired.paired = true;
  const bool timed = lockstep_timing(old_side, new_side);
  confirmation_pool pool;
  const auto compare_pooled = [&](const std::vector<loaded_side>& old_runs, const std::vector<loaded_side>& new_runs,
                                  const std::string& what) {
    return gate::judge(compare_sides_on(pooled_side(old_runs, dir.path(), "old-" + what),
                                        pooled_side(new_runs, dir.path(), "new-" + what), metrics, paired),
                       plan.rules, plan.command_line);
  };
  // Runs round `round` of `cells`, adds it to the pool and judges it alone.
  const auto run_round = [&](int round, const std::vector<std::string>& cells, const std::string& title) {
    const auto firsts = old_turns_first(round, plan.processes);
    const auto order_text = first_turns_text(firsts);
    // Timed re-runs take enough samples for the paired test (counted ones
    // are exact).
    const auto samples =
        timed ? rerun_samples(old_side.loaded.results, new_side.loaded.results, cells) : std::nullopt;
    err << "gate: " << title << ": re-running " << cells.size() << (cells.size() == 1 ? " cell" : " cells")
        << ", old and new " << (timed ? "in lockstep" : "side by side") << " (" << firsts.size()
        << (firsts.size() == 1 ? " pair" : " pairs") << ", first turn: " << order_text
        << (samples ? ", " + std::to_string(*samples) + " samples a side" : std::string()) << ")\n"
        << std::flush;
    const auto filter = text::exact_names_regex(cells);
    std::vector<loaded_side> round_old;
    std::vector<loaded_side> round_new;
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

  std::map<std::string, std::size_t> failed_again;
  for (int round = 1; round <= plan.rounds; ++round) {
    const auto again = run_round(round, suspects,
                                 "confirmation round " + std::to_string(round) + "/" + std::to_string(plan.rounds));
    for (const auto& c : again.cells) {
      if (c.status == results::cell_status::fail) ++failed_again[c.name];
    }
  }
  // Unstable cells are judged on the pooled pairs; those still too wide
  // get extra rounds of their own, while the budget lasts.
  std::optional<results::gate_verdict> pooled_verdict;
  int extra = 0;
  while (!unstable.empty()) {
    pooled_verdict = compare_pooled(pool.old_runs, pool.new_runs, "all");
    std::vector<std::string> still;
    for (const auto& c : pooled_verdict->cells) {
      const bool was_unstable = std::find(unstable.begin(), unstable.end(), c.name) != unstable.end();
      if (was_unstable && c.status == results::cell_status::unstable) still.push_back(c.name);
    }
    if (still.empty() || extra == plan.extra_rounds) break;
    ++extra;
    run_round(plan.rounds + extra, still,
              "extra confirmation round " + std::to_string(extra) + "/" + std::to_string(plan.extra_rounds) +
                  " for the cells whose pooled pairs are still too wide");
  }
  for (auto& c : verdict.cells) {
    if (c.status == results::cell_status::unstable) {
      // Too noisy to judge at first: judged again on all the re-runs'
      // samples, which may clear it but never fail it. A failure needs the
      // first judgement too; here the re-runs alone would decide, and on a
      // machine whose processes differ by more than the fail level they
      // are wrong too often.
      const auto it = std::find_if(pooled_verdict->cells.begin(), pooled_verdict->cells.end(),
                                   [&](const auto& p) { return p.name == c.name; });
      if (it == pooled_verdict->cells.end()) continue;  // the re-runs could not compare it: stays unstable
      const auto rounds = pool.rounds_of[c.name];
      const auto pooled_text =
          " the pooled samples of " + rounds_text(rounds, timed) +
          (rounds > static_cast<std::size_t>(plan.rounds)
               ? " (" + std::to_string(rounds - static_cast<std::size_t>(plan.rounds)) + " extra)"
               : "");
      if (it->status == results::cell_status::fail) {
        c.reason += "; on" + pooled_text + ": " + it->reason + ": still unstable (re-runs alone do not fail a cell)";
        continue;
      }
      // An unstable cell always has its CI.
      const auto first_width = results::points_text(c.upper_pct.value_or(0) - c.lower_pct.value_or(0));
      c = *it;
      c.reason += " (judged on" + pooled_text + "; the first comparison's CI was " + first_width + " points wide)";
      continue;
    }
    // A failure stands only when every round fails it again.
    if (c.status == results::cell_status::fail) {
      const auto count = failed_again[c.name];
      c.confirmed_rounds = count;
      if (count < static_cast<std::size_t>(plan.rounds)) {
        c.status = results::cell_status::warn;
        c.reason += "; not confirmed: failed again in " + std::to_string(count) + " of " +
                    rounds_text(static_cast<std::size_t>(plan.rounds), timed);
      }
    }
  }
  verdict.confirm_rounds = static_cast<std::size_t>(plan.rounds + extra);
  gate::finish(verdict);
}

}  // namespace benchgate::app
