#pragma once
// Options of `benchgate run`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/formats/baseline_store.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::options {

// Criterion's defaults (docs/statistics.md, "Defaults"): 100 samples and
// 5 s of measurement; the warm-up is 0.5 s, not Criterion's 3 s
// (formats/model.hpp says why). The times are per grid point and shared by
// its interleaved variants, so an 18-point grid takes minutes, not hours.
inline constexpr int k_default_samples = 100;
inline constexpr int k_min_samples = 10;
// Samples per cell and rounds, at most: beyond, an extra zero or two is a
// typo (a run of weeks), not a longer run.
inline constexpr int k_max_samples = 100'000;
inline constexpr double k_default_measurement_time_s = results::k_default_measurement_time_s;
inline constexpr double k_default_warmup_s = results::k_default_warmup_s;
// --quick lowers them.
inline constexpr int k_quick_samples = 10;
inline constexpr double k_quick_measurement_time_s = 0.5;
inline constexpr double k_quick_warmup_s = 0.1;

// Instruction mode (--measure instructions): samples are identical, so few;
// the iterations of a sample are fixed (not chosen from timing, which under
// valgrind is ~50x slower and noisy) and the first is an uncounted warm-up.
inline constexpr int k_instruction_samples = 3;
inline constexpr int k_instruction_iterations = 10;

// --precision PCT: the tightest target accepted, and the largest.
inline constexpr double k_min_precision_pct = 0.01;
inline constexpr double k_max_precision_pct = 100;
// The target a run takes when it can and --precision does not say
// (docs/precision.md, "The default"): on a quiet machine about the median
// half-width that fixed samples reach, so only cells quieter than that
// stop early; on a loaded one every cell runs to its cap, as fixed.
inline constexpr double k_default_precision_pct = 0.5;
// The default cap of a grid point's samples, as a share of its measurement
// time: a variant that cannot reach the target (a noisy one, or every one
// on a loaded machine) stops at 60 % of the samples fixed sampling gives it,
// its interval about 1.3x as wide, so that the default suite takes under 5
// minutes on the project's 2-core machine in its noisy spells too
// (docs/precision.md, "The default").
inline constexpr double k_default_precision_cap_share = 0.6;
// --precision off: fixed samples.
inline constexpr std::string_view k_precision_off = "off";

// Whether a run with these settings samples to the default precision
// unless --precision off: timed, and nothing else fixing the number of
// samples (--samples, --rounds, --quick's ten; and no lockstep partner,
// which the run options say).
bool takes_default_precision(const results::settings& settings);

// --inject-slowdown above this is no longer a "small known regression".
inline constexpr double k_max_injected_slowdown_pct = 1000;

// What each sample measures (formats/model.hpp).
using measure_kind = results::measure_kind;

// `benchgate run`'s options: the run settings (results::settings, recorded
// in the results and spelled back by to_arguments), and what this process
// does with the run: where it goes, what it is compared with, and the
// internal options of the processes a run starts.
//
// In the settings, as parsed: `cases` as given (empty: every case);
// `samples` 0 unless --samples (the case's or the default then);
// `params` checked and in canonical spelling; `inputs` existing regular
// files; `precision_cap_s` set exactly when `precision_pct` is. With
// --measure instructions the timing settings have no meaning and take the
// values a counted run records: samples k_instruction_samples unless
// given, no measurement time, warm-up, min time or interleaving.
struct run_options {
  results::settings settings;
  std::optional<std::filesystem::path> out;       // results JSON
  std::optional<std::filesystem::path> text_out;  // the text report
  std::optional<std::string> save_baseline;       // --save-baseline NAME (a valid name)
  std::optional<std::string> baseline;            // --baseline NAME: compare against it
  std::filesystem::path baseline_dir = results::k_default_baseline_dir;
  // Instruction mode: the parent re-runs `args` under callgrind; the child
  // gets the internal --callgrind-out FILE (valgrind's --callgrind-out-file)
  // and is the process that measures.
  std::vector<std::string> args;                  // the arguments after "run", as given
  std::optional<std::filesystem::path> callgrind_out;
  // Internal --callgrind-keep-dumps (benchgate explain): the child leaves
  // each sample's dump on disk for the caller to read whole.
  bool keep_callgrind_dumps = false;
  // Internal --lockstep-fd (gate --confirm, ab): the socket this run takes
  // turns on with its partner (support/process/lockstep.hpp); checked by the run.
  std::optional<int> lockstep_fd;
};

// The `run` arguments that parse back to `settings` (parse_run of them
// gives options whose .settings == settings, for settings as parsed; for
// settings as recorded, with `cases` then naming every case run). Each run
// setting has its option here; tests/harness/app/command_line/run_arguments_test.cpp
// checks the round trip of every option app::run_option_names() lists.
std::vector<std::string> to_arguments(const results::settings& settings);

}  // namespace benchgate::options
