#pragma once
// benchgate ab's two sides, made from the first sample: OLD_BIN and NEW_BIN
// run as pairs (paired_runs.hpp), or, when they are plain Google Benchmark
// executables, as gbench_sides.hpp says. Each side's results are saved in
// DIR/old.json and DIR/new.json, which ab then compares and gates.

#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "harness/compare/sides.hpp"
#include "harness/paired/paired_options.hpp"
#include "harness/paired/paired_runs.hpp"

namespace benchgate::paired {

// The fewest samples a cell of a side's run takes (run::fewest_samples of
// its plan): asked only of timed sides without --samples. A function, so
// that this module does not compile against the cases (and Google
// Benchmark) to plan a run.
using side_samples = std::function<int(const options::run_options&)>;

// How ab runs two benchgate drivers: pairs of `OLD_BIN run` and `NEW_BIN
// run` with each side's run options (pair_arguments), in lockstep when
// timed (side by side when counting). Timed sides whose cells take fewer
// samples than the paired test needs take options::k_min_confirm_samples in
// all, unless --samples says. Timed runs take options.pairs process pairs,
// each with a share of the samples and the time (process_pairs.hpp);
// counted runs one pair. Throws what `fewest_samples` throws, before
// anything runs.
struct ab_pairs_plan {
  side_command old_command;
  side_command new_command;
  bool timed = true;
  std::optional<int> samples;  // a side's samples a cell in each pair, when set as above
  int pairs = 1;
  // What the commands were made of, for extra rounds of some cells.
  options::run_options old_run;
  options::run_options new_run;
  int total_samples = 0;  // a side's samples a cell over all pairs
  bool fixed_placement = false;  // --fixed-placement
};
ab_pairs_plan plan_ab_pairs(const options::paired_options& options, const side_samples& fewest_samples);

// The plan's pairs in DIR, the first turns alternating (old_turns_first(1,
// pairs)); each side's runs pooled in the same order, so still paired.
// Progress on `err`. (Google Benchmark executables: gbench_ab_sides.)
std::pair<compare::loaded_side, compare::loaded_side> run_ab_pairs(const ab_pairs_plan& plan,
                                                                   const std::filesystem::path& dir,
                                                                   std::ostream& err);

// Whether the plan can take extra rounds for undecided cells
// (undecided.hpp): timed runs of two or more process pairs, compared over
// process pairs; counted runs are exact and one pair is compared pair by
// pair.
bool takes_extra_rounds(const ab_pairs_plan& plan);

// `extra`'s pairings and samples added to `side` (not saved), cell by
// cell: an extra round's runs pooled with the ones before, their pairings
// their own.
void add_extra_run(compare::loaded_side& side, const results::run_results& extra);

// `side`'s results saved again to its file (side.text), its source
// described anew.
void save_side(compare::loaded_side& side);

// Extra round `round` (1, 2, ...): plan.pairs more process pairs running
// only `cells` (--filter of their exact names), with the plan's samples and
// shares a pair, the first turns alternating as in round round + 1, and
// numbered from `first_pair` (ab's process pair index, after the ones
// already run). Their samples and pairings are added to `old_side` and
// `new_side` (each extra pair is a process pair of its own, so the cells'
// pairs stay paired and clustered), which are saved again. Progress on
// `err`, saying `why` they are not yet judged.
void run_extra_round(const ab_pairs_plan& plan, const std::vector<std::string>& cells, int round,
                     const std::string& why, int first_pair,
                     const std::filesystem::path& dir, compare::loaded_side& old_side, compare::loaded_side& new_side,
                     std::ostream& err);

}  // namespace benchgate::paired
