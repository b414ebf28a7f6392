#pragma once
// Two runs made as a pair: an old and a new benchgate `run` process started
// at once, taking turns sample by sample on one CPU (support/process/lockstep.hpp), so
// that sample i of each side ran back to back and the comparison can pair
// them (comparison_settings::paired). Shared by gate --confirm (re-runs of
// suspect cells) and ab (two builds from the first sample).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/sides.hpp"
#include "harness/support/process/termination.hpp"

namespace benchgate::paired {

// Where paired runs' results and logs go: the folder asked for (created if
// needed, kept), else a temporary one removed at the end. `option` names
// the folder's option in messages ("--confirm-dir", "--out-dir"), `use`
// what needs it when it is temporary ("--confirm", "ab"), which also names
// the temporary folder (benchgate-confirm-PID, benchgate-ab-PID), so ab
// --confirm's two folders differ.
class work_folder {
 public:
  work_folder(const std::optional<std::filesystem::path>& keep, const std::string& option, const std::string& use);
  ~work_folder();
  work_folder(const work_folder&) = delete;
  work_folder& operator=(const work_folder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  bool kept_;
  // Not kept: a termination signal waits for its removal.
  std::optional<process::cleanup_pending> pending_;
  std::filesystem::path path_;
};

// One side of a pair: `binary run ARGS...` (without --out and
// --lockstep-fd, which the pair adds). `what` is "old" or "new".
struct side_command {
  std::string what;
  std::filesystem::path binary;
  std::vector<std::string> args;
};

// The `run` arguments of one side of a pair made from `settings`
// (options::to_arguments): timed, in one fixed cell order (Google
// Benchmark's interleaving shuffles differently in each process, and here
// the partner is the interleaving that matters), with `samples` when given
// and without a precision target (partners take a fixed number of turns);
// counted (instructions), as they are.
std::vector<std::string> pair_arguments(results::settings settings, std::optional<int> samples);

// Runs both sides at once, writing DIR/WHAT-TAG.json and .log. With
// `lockstep` (timed runs) they take turns sample by sample on one CPU, the
// old side first when `old_first`; counted runs (instructions) just run
// side by side. Both are waited for; a side that does not exit 0 with its
// results throws input_error, prefixed by `context` ("--confirm", "ab"),
// calling it a `noun` ("re-run", "run"), with its command and the tail of
// its log. Both files record the placement and, paired in lockstep, the pairing
// (formats/pairing_records.hpp) and are written again, with `process_pair` (ab's
// index of this pair of processes, 1, 2, ...) when given.
struct pair_context {
  std::string prefix;
  std::string noun;
  std::optional<std::int64_t> process_pair = std::nullopt;
  // --fixed-placement: both started from the executables themselves, with
  // no pad; else each from a fresh copy (paired/placement.hpp), recorded
  // in both files.
  bool fixed_placement = false;
};
std::pair<compare::loaded_side, compare::loaded_side> run_pair(const side_command& old_side, const side_command& new_side,
                                             bool lockstep, bool old_first, const std::filesystem::path& dir,
                                             const std::string& tag, const pair_context& context);

// Which side takes the first turn in each of a round's `pairs` lockstep
// pairs (true: old): alternating, starting with old in odd rounds and with
// new in even ones. old_turns_first(1, 2) is old, new; (2, 2) new, old.
std::vector<bool> old_turns_first(int round, int pairs);

// "old, new, old": the first turns as the progress lines print them.
std::string first_turns_text(const std::vector<bool>& firsts);

// The runs of one side pooled into one (formats/merge.hpp): every run's
// samples of a cell, in the runs' order, so two sides pooled in the same
// order stay paired. Named DIR/WHAT-pooled in messages.
compare::loaded_side pooled_side(const std::vector<compare::loaded_side>& side_runs, const std::filesystem::path& dir,
                        const std::string& what);

}  // namespace benchgate::paired
