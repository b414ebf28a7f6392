#include "harness/paired/paired_runs.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "harness/compare/compare.hpp"
#include "harness/run/run_options.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"
#include "harness/support/process/socket_pair.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/formats/merge.hpp"
#include "harness/formats/pairing_records.hpp"
#include "harness/formats/results_json.hpp"
#include "harness/support/process/lockstep.hpp"
#include "harness/paired/placement.hpp"

namespace benchgate::paired {

namespace {

// One side's run, started and not yet finished.
struct started_run {
  std::string what;
  std::string command;
  std::filesystem::path out;
  std::filesystem::path log;
  process::started_child child;
};

// Starts one side; with `turn_fd` it takes turns on that socket (run
// --lockstep-fd) and `close_in_child` is its partner's end.
started_run start_side(const side_command& side, const placed_executable& placed, const std::filesystem::path& dir,
                       const std::string& tag, std::optional<int> turn_fd, const std::vector<int>& close_in_child) {
  started_run r{side.what, side.binary.string(), dir / (side.what + "-" + tag + ".json"),
                dir / (side.what + "-" + tag + ".log"), {}};
  std::vector<std::string> args = {"run"};
  args.insert(args.end(), side.args.begin(), side.args.end());
  if (turn_fd) args.insert(args.end(), {"--lockstep-fd", std::to_string(*turn_fd)});
  args.insert(args.end(), {"--out", r.out.string()});
  for (const auto& a : args) r.command += " " + a;
  r.child = process::start_child(placed.path, args, r.log, close_in_child, placed.environment);
  return r;
}

compare::loaded_side finish_side(const started_run& r, const pair_context& context) {
  const auto outcome = process::wait_for(r.child);
  if (outcome.exit_code != 0) {
    throw input_error(context.prefix + ": the " + r.what + " side's " + context.noun + " (" + r.command + ") " +
                      process::how_it_ended(outcome) + "; expected 0 and its results:\n" + files::file_tail(r.log));
  }
  auto loaded = results::load_any_results(r.out, context.prefix + " " + context.noun);
  auto source = compare::describe_source(loaded.results, loaded.format, r.out.string(), std::nullopt);
  return {r.out.string(), std::move(loaded), std::move(source)};
}

// "--confirm" -> "-confirm", "ab" -> "-ab": each use its own temporary
// folder (ab --confirm has both at once).
std::string temporary_name(const std::string& use) {
  std::string out = "-";
  for (const char c : use) {
    if (c != '-') out += c;
  }
  return out;
}

}  // namespace

work_folder::work_folder(const std::optional<std::filesystem::path>& keep, const std::string& option,
                         const std::string& use)
    : kept_(keep.has_value()) {
  if (!kept_) pending_.emplace();
  path_ = keep ? *keep
               : std::filesystem::temp_directory_path() / ("benchgate" + temporary_name(use) + "-" +
                                                            std::to_string(::getpid()));
  std::error_code ec;
  if (!kept_) std::filesystem::remove_all(path_, ec);
  std::filesystem::create_directories(path_, ec);
  if (ec || !std::filesystem::is_directory(path_)) {
    throw input_error((kept_ ? option + " " : use + ": the temporary folder ") + path_.string() +
                      ": cannot be made a folder" + (ec ? " (" + ec.message() + ")" : "") +
                      "; expected a folder the runs can write to");
  }
}

work_folder::~work_folder() {
  if (kept_) return;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::pair<compare::loaded_side, compare::loaded_side> run_pair(const side_command& old_side, const side_command& new_side,
                                             bool lockstep, bool old_first, const std::filesystem::path& dir,
                                             const std::string& tag, const pair_context& context) {
  // Counted runs get no socket: end 0 is old's, end 1 new's.
  std::optional<process::socket_pair> turns;
  if (lockstep) {
    turns.emplace();
    if (turns->error() != 0) {
      throw input_error(context.prefix + ": no socket pair for the lockstep runs: " + std::strerror(turns->error()));
    }
    // A turn sent from one end arrives at the other.
    if (!process::lockstep::hand_first_turn(turns->end(old_first ? 1 : 0))) {
      throw input_error(context.prefix + ": could not start the lockstep runs: " + std::strerror(errno));
    }
  }
  // Side `which`'s end, and the partner's end that its child must not hold.
  const auto own_end = [&](int which) { return turns ? std::optional<int>(turns->end(which)) : std::nullopt; };
  const auto partner_end = [&](int which) {
    return turns ? std::vector<int>{turns->end(1 - which)} : std::vector<int>{};
  };
  placement places(dir, context.fixed_placement, context.prefix);
  const auto placed = places.place({old_side.binary, new_side.binary});
  const auto old_run = start_side(old_side, placed.at(0), dir, tag, own_end(0), partner_end(0));
  const auto new_run = start_side(new_side, placed.at(1), dir, tag, own_end(1), partner_end(1));
  // Each run now holds its end alone: when one ends, the other goes on.
  if (turns) turns->close_ends();
  // Both are waited for before either's failure is reported.
  std::optional<compare::loaded_side> old_loaded;
  std::optional<compare::loaded_side> new_loaded;
  std::optional<input_error> failure;
  for (const auto* r : {&old_run, &new_run}) {
    try {
      (r == &old_run ? old_loaded : new_loaded) = finish_side(*r, context);
    } catch (const input_error& e) {
      if (!failure) failure = e;
    }
  }
  if (failure) throw *failure;
  // Sample i of each cell ran back to back with its partner's (lockstep):
  // say so in both files, so that compare pairs them whoever reads them
  // later; and how the processes were placed, in both.
  if (lockstep) results::record_pairing(old_loaded->loaded.results, new_loaded->loaded.results, context.process_pair);
  for (auto* side : {&*old_loaded, &*new_loaded}) {
    side->loaded.results.config.placement = places.record();
    results::save_results(side->loaded.results, side->text, context.prefix + " " + context.noun);
    side->source = compare::describe_source(side->loaded.results, side->loaded.format, side->text, std::nullopt);
  }
  return {std::move(*old_loaded), std::move(*new_loaded)};
}

std::vector<std::string> pair_arguments(results::settings settings, std::optional<int> samples) {
  if (settings.measure == results::measure_kind::time) {
    settings.random_interleaving = false;
    if (samples) settings.samples = *samples;
  }
  // No stopping rule: the partners take turns sample by sample, so both take
  // a number fixed in advance.
  settings.precision_pct.reset();
  settings.precision_cap_s.reset();
  auto args = options::to_arguments(settings);
  // A lockstep run never takes the default target, so "--precision off" is
  // left out: a benchgate built before that option (an older revision
  // under ab) would refuse it.
  const std::array<std::string, 2> off{"--precision", std::string(options::k_precision_off)};
  const auto found = std::search(args.begin(), args.end(), off.begin(), off.end());
  if (found != args.end()) args.erase(found, found + static_cast<std::ptrdiff_t>(off.size()));
  return args;
}

std::vector<bool> old_turns_first(int round, int pairs) {
  std::vector<bool> out;
  // Pairs alternate which side takes the first turn, and even rounds start
  // with new, so neither side is always the one that starts.
  for (int pair = 0; pair < pairs; ++pair) out.push_back((round + pair) % 2 == 1);
  return out;
}

std::string first_turns_text(const std::vector<bool>& firsts) {
  std::string text;
  for (const bool old_first : firsts) text += std::string(text.empty() ? "" : ", ") + (old_first ? "old" : "new");
  return text;
}

compare::loaded_side pooled_side(const std::vector<compare::loaded_side>& side_runs, const std::filesystem::path& dir,
                        const std::string& what) {
  std::vector<results::named_run> runs;
  for (const auto& r : side_runs) runs.push_back({r.text, r.loaded.results});
  compare::loaded_side out;
  out.text = (dir / (what + "-pooled")).string();
  out.loaded = {results::merge_runs(runs), side_runs.front().loaded.format};
  out.source = compare::describe_source(out.loaded.results, out.loaded.format, out.text, std::nullopt);
  return out;
}

}  // namespace benchgate::paired
