#include "harness/paired/gbench_pairs.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <regex>

#include "harness/formats/input_loader.hpp"
#include "harness/formats/pairing_records.hpp"
#include "harness/paired/placement.hpp"
#include "harness/run/gbench_allocations.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"
#include "harness/support/process/termination.hpp"
#include "harness/support/text/regex_text.hpp"

namespace benchgate::paired {

namespace {

// Names shown when a filter keeps none.
constexpr std::size_t k_names_shown = 5;

std::string number_text(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

// A side's results so far, and whether each benchmark failed there.
struct side_state {
  const gbench_side* side = nullptr;
  std::filesystem::path log;
  std::filesystem::path out;
  std::filesystem::path allocations;  // the allocation counter's records, --measure allocations
  results::run_results run;
  bool has_environment = false;
};

results::cell& cell_named(results::run_results& run, const std::string& name) {
  const auto it = std::find_if(run.cells.begin(), run.cells.end(), [&](const auto& c) { return c.name == name; });
  if (it != run.cells.end()) return *it;
  results::cell c;
  c.name = name;
  c.case_name = name.substr(0, name.find('/'));
  run.cells.push_back(std::move(c));
  return run.cells.back();
}

// One process: `name` once on `state`'s side; its sample (or failure)
// goes into the side's cell. A process that a signal ends (a crash, an
// abort) is the benchmark's outcome on that side, as an error it reports
// is: the cell fails there, `err` gets the end of the log, and the others
// go on. Any other failure (an exit code, no JSON) is the executable's,
// and throws input_error.
void run_one(side_state& state, const std::string& name, const placed_executable& placed, const gbench_pair_plan& plan,
             std::ostream& err) {
  std::error_code ec;
  std::filesystem::remove(state.out, ec);
  const bool counted = plan.measure == results::measure_kind::allocations;
  if (counted) std::filesystem::remove(state.allocations, ec);
  auto args = state.side->args;
  args.insert(args.end(), {"--benchmark_filter=^" + text::regex_escaped(name) + "$", "--benchmark_repetitions=1",
                           "--benchmark_min_time=" + number_text(plan.min_time_s),
                           "--benchmark_out=" + state.out.string(), "--benchmark_out_format=json"});
  auto environment =
      counted ? run::alloc_preload_environment(plan.preload, state.allocations) : std::vector<std::string>{};
  environment.insert(environment.end(), placed.environment.begin(), placed.environment.end());
  std::string command;
  for (const auto& e : environment) {
    if (e.rfind(k_pad_variable, 0) != 0) command += e + " ";  // the pad is noise
  }
  command += state.side->binary.string();
  for (const auto& a : args) command += " " + a;
  const auto outcome = process::run_child(placed.path, args, state.log, environment);
  const auto failed = [&](const std::string& what) {
    return input_error(plan.speaker + ": the " + state.side->what + " side's run of " + name + " (" + command + ") " +
                       what + ":\n" + files::file_tail(state.log));
  };
  if (outcome.signal) {
    // Stopped with benchgate (termination.hpp), not crashed.
    if (const int signal = process::termination_signal()) throw process::terminated(signal);
    auto& c = cell_named(state.run, name);
    c.error = "its process " + process::how_it_ended(outcome);
    c.samples.clear();
    auto tail = files::file_tail(state.log);
    if (tail.empty() || tail.back() != '\n') tail += tail.empty() ? "(empty)\n" : "\n";
    err << plan.speaker << ": " << name << " crashed on the " << state.side->what << " side: its process (" << command
        << ") " << process::how_it_ended(outcome) << "; the end of its log:\n"
        << tail << std::flush;
    return;
  }
  if (outcome.exit_code != 0) {
    throw failed(process::how_it_ended(outcome) +
                 "; expected 0 and its JSON results");
  }
  if (!std::filesystem::is_regular_file(state.out, ec)) throw failed("wrote no JSON results; expected them");
  if (std::filesystem::file_size(state.out, ec) == 0) {
    // Google Benchmark writes an empty file, and exits 0, when it cannot
    // compile the filter: the log says why.
    throw failed("wrote an empty JSON results file; expected its results (did it refuse --benchmark_filter?)");
  }
  const auto loaded = results::load_any_results(state.out, plan.speaker + ": the " + state.side->what + " side's JSON");
  const auto* reported = results::find_cell(loaded.results, name);
  if (reported == nullptr) {
    throw failed("reported no result for " + name + "; expected --benchmark_filter to select it");
  }
  if (!state.has_environment) {
    state.run.env = loaded.results.env;
    state.has_environment = true;
  }
  auto& c = cell_named(state.run, name);
  if (c.work.unit == benchgate::work_unit::none) c.work = reported->work;
  if (!reported->error.empty()) {
    // A failed cell has no samples (they would not pair with the other side's).
    c.error = reported->error;
    c.skipped = reported->skipped;
    c.samples.clear();
    return;
  }
  auto samples = reported->samples;
  if (counted) {
    // One repetition: the one sample is the loop the counter recorded last.
    for (auto& s : samples) {
      const auto counts = run::read_loop_allocations(state.allocations, s.iterations,
                                                plan.speaker + ": the " + state.side->what + " side's run of " + name);
      s.counters.insert(s.counters.end(), counts.begin(), counts.end());
    }
  }
  c.samples.insert(c.samples.end(), samples.begin(), samples.end());
}

bool lists(const gbench_side& side, const std::string& name) {
  return std::find(side.names.begin(), side.names.end(), name) != side.names.end();
}

void record_settings(results::run_results& run, const gbench_side& side, const gbench_pair_plan& plan,
                     const results::placement_record& placed) {
  run.config.measure = plan.measure;
  run.config.samples = 1;
  run.config.rounds = plan.rounds;
  run.config.min_time_s = plan.min_time_s;
  run.config.random_interleaving = false;
  run.config.filter = plan.filter;
  run.config.shard = plan.shard;
  run.config.google_benchmark_args = side.args;
  run.config.placement = placed;
}

}  // namespace

std::vector<std::string> benchmarks_to_run(const gbench_side& old_side, const gbench_side& new_side,
                                           const std::optional<std::string>& filter) {
  std::vector<std::string> all = old_side.names;
  for (const auto& name : new_side.names) {
    if (!lists(old_side, name)) all.push_back(name);
  }
  if (!filter) return all;
  const std::regex pattern(*filter);
  std::vector<std::string> kept;
  for (const auto& name : all) {
    if (std::regex_search(name, pattern)) kept.push_back(name);
  }
  if (kept.empty()) {
    std::string shown;
    for (std::size_t i = 0; i < all.size() && i < k_names_shown; ++i) shown += (i > 0 ? ", " : "") + all[i];
    throw input_error("--filter " + *filter + ": matches none of the " + std::to_string(all.size()) +
                      " benchmarks OLD_BIN and NEW_BIN list (" + shown + (all.size() > k_names_shown ? ", ..." : "") +
                      "); expected a regex found in some of their names");
  }
  return kept;
}

std::vector<std::string> shard_part(const std::vector<std::string>& names,
                                    const std::optional<results::shard_spec>& shard) {
  if (!shard) return names;
  std::vector<std::string> part;
  for (auto i = static_cast<std::size_t>(shard->index - 1); i < names.size(); i += static_cast<std::size_t>(shard->count)) {
    part.push_back(names[i]);
  }
  if (part.empty()) {
    throw input_error("--shard " + std::to_string(shard->index) + "/" + std::to_string(shard->count) + ": part " +
                      std::to_string(shard->index) + " of " + std::to_string(names.size()) +
                      (names.size() == 1 ? " benchmark" : " benchmarks") + " is empty; expected at most " +
                      std::to_string(names.size()) + " shards");
  }
  return part;
}

bool old_runs_first(int round, std::size_t index) { return (static_cast<std::size_t>(round) + index) % 2 == 0; }

gbench_pair_runs run_gbench_pairs(const gbench_side& old_side, const gbench_side& new_side,
                                  const gbench_pair_plan& given, std::ostream& err) {
  auto plan = given;
  if (plan.measure == results::measure_kind::allocations && plan.preload.empty()) {
    plan.preload = run::find_alloc_preload(process::this_executable());
  }
  const auto names = shard_part(benchmarks_to_run(old_side, new_side, plan.filter), plan.shard);
  side_state old_state{&old_side, plan.dir / "old.log", plan.dir / "old-last.json", plan.dir / "old-allocations.txt", {}};
  side_state new_state{&new_side, plan.dir / "new.log", plan.dir / "new-last.json", plan.dir / "new-allocations.txt", {}};
  for (auto* state : {&old_state, &new_state}) {
    // Cells in the order they run, whatever fails first.
    for (const auto& name : names) {
      if (lists(*state->side, name)) cell_named(state->run, name);
    }
  }
  err << plan.speaker << ": OLD_BIN and NEW_BIN are Google Benchmark executables: " << names.size()
      << (names.size() == 1 ? " benchmark, " : " benchmarks, ") << plan.rounds
      << " rounds of one process a benchmark a side (old and new alternating: old new, new old, ...), "
      << "--benchmark_min_time " << number_text(plan.min_time_s)
      << (plan.measure == results::measure_kind::allocations ? ", allocations counted (" + plan.preload.string() + ")"
                                                              : std::string())
      << "\n"
      << std::flush;
  placement places(plan.dir, plan.fixed_placement, plan.speaker);
  const auto started = std::chrono::steady_clock::now();
  for (int round = 0; round < plan.rounds; ++round) {
    for (std::size_t i = 0; i < names.size(); ++i) {
      const bool old_first = old_runs_first(plan.first_round + round, i);
      std::vector<side_state*> running;
      for (auto* state : old_first ? std::vector{&old_state, &new_state} : std::vector{&new_state, &old_state}) {
        if (!lists(*state->side, names[i])) continue;
        if (!cell_named(state->run, names[i]).error.empty()) continue;  // failed there: not again
        running.push_back(state);
      }
      std::vector<std::filesystem::path> binaries;
      for (const auto* state : running) binaries.push_back(state->side->binary);
      const auto placed = places.place(binaries);
      for (std::size_t k = 0; k < running.size(); ++k) run_one(*running[k], names[i], placed.at(k), plan, err);
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    err << plan.speaker << ": round " << round + 1 << "/" << plan.rounds << " done (" << number_text(elapsed.count())
        << " s)\n"
        << std::flush;
  }
  for (auto* state : {&old_state, &new_state}) record_settings(state->run, *state->side, plan, places.record());
  results::record_pairing(old_state.run, new_state.run);
  std::error_code ec;
  for (const auto* state : {&old_state, &new_state}) {
    std::filesystem::remove(state->out, ec);
    std::filesystem::remove(state->allocations, ec);
  }
  return {std::move(old_state.run), std::move(new_state.run)};
}

}  // namespace benchgate::paired
