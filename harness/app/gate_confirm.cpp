#include "harness/app/gate_confirm.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>

#include "harness/compare/compare.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/gate/judge.hpp"
#include "harness/gate/rules.hpp"
#include "harness/options/gate_options.hpp"
#include "harness/options/run_options.hpp"
#include "harness/support/process/child_process.hpp"
#include "harness/support/process/socket_pair.hpp"
#include "harness/results/input_loader.hpp"
#include "harness/results/merge.hpp"
#include "harness/run/lockstep.hpp"

namespace benchgate::app {

namespace {

// The tail of a failed re-run's log shown in the error message.
constexpr std::size_t k_log_tail_chars = 600;

std::string number_text(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

// Where the re-runs' results and logs go: the folder asked for (created
// if needed, kept), else a temporary one removed at the end.
class rerun_dir {
 public:
  explicit rerun_dir(const std::optional<std::filesystem::path>& keep) : kept_(keep.has_value()) {
    path_ = keep ? *keep
                 : std::filesystem::temp_directory_path() / ("benchgate-confirm-" + std::to_string(::getpid()));
    std::error_code ec;
    if (!kept_) std::filesystem::remove_all(path_, ec);
    std::filesystem::create_directories(path_, ec);
    if (ec || !std::filesystem::is_directory(path_)) {
      throw input_error(std::string(kept_ ? "--confirm-dir " : "--confirm: the temporary folder ") +
                        path_.string() + ": cannot be made a folder" + (ec ? " (" + ec.message() + ")" : "") +
                        "; expected a folder the re-runs can write to");
    }
  }
  ~rerun_dir() {
    if (kept_) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  rerun_dir(const rerun_dir&) = delete;
  rerun_dir& operator=(const rerun_dir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  bool kept_;
  std::filesystem::path path_;
};

std::string tail_of(const std::filesystem::path& log) {
  std::string text;
  try {
    text = files::read_file(log, "log");
  } catch (const std::exception&) {
    return "";
  }
  return text.size() > k_log_tail_chars ? "..." + text.substr(text.size() - k_log_tail_chars) : text;
}

// One side's re-run, started and not yet finished.
struct started_rerun {
  const char* what;  // "old" or "new"
  std::string command;
  std::filesystem::path out;
  std::filesystem::path log;
  process::started_child child;
};

// Starts one side's re-run, with `samples` when given; with `turn_fd` it
// takes turns on that socket (run --lockstep-fd) and `close_in_child` is
// its partner's end.
started_rerun start_rerun(const std::filesystem::path& binary, const loaded_side& side, const char* what,
                          const std::string& filter, const std::filesystem::path& dir, const std::string& tag,
                          std::optional<int> samples, std::optional<int> turn_fd,
                          const std::vector<int>& close_in_child) {
  started_rerun r{what, binary.string(), dir / (std::string(what) + "-" + tag + ".json"),
                  dir / (std::string(what) + "-" + tag + ".log"), {}};
  auto args = rerun_arguments(*side.source.run_settings, filter, r.out, samples);
  if (turn_fd) {
    // Both runs in the same fixed order (Google Benchmark's interleaving
    // shuffles with a fresh random seed in each process), so sample i of a
    // cell on one side runs right before or after sample i on the other:
    // the partner is the interleaving that matters here.
    if (side.source.run_settings->random_interleaving) args.push_back("--no-interleave");
    args.insert(args.end(), {"--lockstep-fd", std::to_string(*turn_fd)});
  }
  for (const auto& a : args) r.command += " " + a;
  r.child = process::start_child(binary, args, r.log, close_in_child);
  return r;
}

loaded_side finish_rerun(const started_rerun& r) {
  // -1: it could not start, or a signal ended it.
  const int code = process::wait_for(r.child).exit_code.value_or(-1);
  if (code != 0) {
    throw input_error("--confirm: the " + std::string(r.what) + " side's re-run (" + r.command + ") exited with " +
                      std::to_string(code) + "; expected 0 and its results:\n" + tail_of(r.log));
  }
  auto loaded = results::load_any_results(r.out, "--confirm re-run");
  auto source = compare::describe_source(loaded.results, loaded.format, r.out.string(), std::nullopt);
  return {r.out.string(), std::move(loaded), std::move(source)};
}

// Timed runs take turns; counted ones need not.
bool lockstep_timing(const loaded_side& old_side, const loaded_side& new_side) {
  return old_side.source.run_settings->measure == "time" && new_side.source.run_settings->measure == "time";
}

// One old and one new re-run at once. Timed, they take turns sample by
// sample on one CPU (run/lockstep.hpp), `old_first` taking the first, so
// sample i of each side ran back to back and the comparison pairs them.
// Instruction counts need no partner: the two just run side by side.
std::pair<loaded_side, loaded_side> rerun_pair(const confirm_plan& plan, const loaded_side& old_side,
                                               const loaded_side& new_side, const std::string& filter,
                                               const std::filesystem::path& dir, const std::string& tag,
                                               bool old_first, std::optional<int> samples) {
  // Counted runs get no socket: end 0 is old's, end 1 new's.
  std::optional<process::socket_pair> turns;
  if (lockstep_timing(old_side, new_side)) {
    turns.emplace();
    if (turns->error() != 0) {
      throw input_error(std::string("--confirm: no socket pair for the lockstep re-runs: ") +
                        std::strerror(turns->error()));
    }
    // A turn sent from one end arrives at the other.
    if (!run::lockstep::hand_first_turn(turns->end(old_first ? 1 : 0))) {
      throw input_error(std::string("--confirm: could not start the lockstep re-runs: ") + std::strerror(errno));
    }
  }
  // Side `which`'s end, and the partner's end that its child must not hold.
  const auto own_end = [&](int which) { return turns ? std::optional<int>(turns->end(which)) : std::nullopt; };
  const auto partner_end = [&](int which) { return turns ? std::vector<int>{turns->end(1 - which)} : std::vector<int>{}; };
  auto old_run = start_rerun(plan.old_binary, old_side, "old", filter, dir, tag, samples, own_end(0), partner_end(0));
  auto new_run = start_rerun(plan.new_binary, new_side, "new", filter, dir, tag, samples, own_end(1), partner_end(1));
  // Each run now holds its end alone: when one ends, the other goes on.
  if (turns) turns->close_ends();
  // Both are waited for before either's failure is reported.
  std::optional<loaded_side> old_loaded;
  std::optional<loaded_side> new_loaded;
  std::optional<input_error> failure;
  for (auto* r : {&old_run, &new_run}) {
    try {
      (r == &old_run ? old_loaded : new_loaded) = finish_rerun(*r);
    } catch (const input_error& e) {
      if (!failure) failure = e;
    }
  }
  if (failure) throw *failure;
  return {std::move(*old_loaded), std::move(*new_loaded)};
}

}  // namespace

std::vector<bool> old_turns_first(int round, int pairs) {
  std::vector<bool> out;
  // Pairs alternate which side takes the first turn, and even rounds start
  // with new, so neither side is always the one that starts.
  for (int pair = 0; pair < pairs; ++pair) out.push_back((round + pair) % 2 == 1);
  return out;
}

std::string exact_names_regex(const std::vector<std::string>& names) {
  std::string out = "^(";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += "|";
    for (const char ch : names[i]) {
      if (std::string_view("\\^$.|?*+()[]{}").find(ch) != std::string_view::npos) out += '\\';
      out += ch;
    }
  }
  return out + ")$";
}

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
                                         const std::filesystem::path& out, std::optional<int> samples) {
  std::vector<std::string> args = {"run"};
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
  args.insert(args.end(), {"--out", out.string()});
  return args;
}

namespace {

// The runs of one side pooled into one: every run's samples of a cell.
loaded_side pooled(const std::vector<loaded_side>& side_runs, const std::filesystem::path& dir,
                   const std::string& what) {
  std::vector<results::named_run> runs;
  for (const auto& r : side_runs) runs.push_back({r.text, r.loaded.results});
  loaded_side out;
  out.text = (dir / (what + "-pooled")).string();
  out.loaded = {results::merge_runs(runs), side_runs.front().loaded.format};
  out.source = compare::describe_source(out.loaded.results, out.loaded.format, out.text, std::nullopt);
  return out;
}

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
  const rerun_dir dir(plan.keep_dir);
  // Pooled in the same order on both sides, sample i of old and of new
  // ran back to back: compared as pairs.
  auto paired = plan.settings;
  paired.paired = true;
  const bool timed = lockstep_timing(old_side, new_side);
  confirmation_pool pool;
  const auto compare_pooled = [&](const std::vector<loaded_side>& old_runs, const std::vector<loaded_side>& new_runs,
                                  const std::string& what) {
    return gate::judge(compare_sides_on(pooled(old_runs, dir.path(), "old-" + what),
                                        pooled(new_runs, dir.path(), "new-" + what), metrics, paired),
                       plan.rules, plan.command_line);
  };
  // Runs round `round` of `cells`, adds it to the pool and judges it alone.
  const auto run_round = [&](int round, const std::vector<std::string>& cells, const std::string& title) {
    const auto firsts = old_turns_first(round, plan.processes);
    std::string order_text;
    for (const bool old_first : firsts) order_text += std::string(order_text.empty() ? "" : ", ") + (old_first ? "old" : "new");
    // Timed re-runs take enough samples for the paired test (counted ones
    // are exact).
    const auto samples =
        timed ? rerun_samples(old_side.loaded.results, new_side.loaded.results, cells) : std::nullopt;
    err << "gate: " << title << ": re-running " << cells.size() << (cells.size() == 1 ? " cell" : " cells")
        << ", old and new " << (timed ? "in lockstep" : "side by side") << " (" << firsts.size()
        << (firsts.size() == 1 ? " pair" : " pairs") << ", first turn: " << order_text
        << (samples ? ", " + std::to_string(*samples) + " samples a side" : std::string()) << ")\n"
        << std::flush;
    const auto filter = exact_names_regex(cells);
    std::vector<loaded_side> round_old;
    std::vector<loaded_side> round_new;
    for (std::size_t i = 0; i < firsts.size(); ++i) {
      // old-2.3 is round 2's third old process.
      auto [o, n] = rerun_pair(plan, old_side, new_side, filter, dir.path(),
                               std::to_string(round) + "." + std::to_string(i + 1), firsts[i], samples);
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
