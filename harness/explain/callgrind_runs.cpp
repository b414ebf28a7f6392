#include "harness/explain/callgrind_runs.hpp"

#include <unistd.h>

#include <algorithm>
#include <optional>
#include <system_error>
#include <vector>

#include "harness/run/gbench_listing.hpp"
#include "harness/run/run_options.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/run/cache_sim.hpp"
#include "harness/run/measuring_child.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/support/files/temp_folder.hpp"
#include "harness/support/process/child_process.hpp"
#include "harness/support/text/parse_number.hpp"
#include "harness/support/text/regex_text.hpp"
#include "harness/support/text/split_text.hpp"

namespace benchgate::explain {

namespace {

// Enough of a failed child's log to show its own error message.
constexpr std::size_t k_callgrind_log_tail_chars = 1500;
// Names of other benchmarks shown when a name matches none.
constexpr std::size_t k_names_shown = 8;
constexpr std::string_view k_dump_name = "callgrind.out";

// Google Benchmark's State::StartKeepRunning and FinishKeepRunning (Itanium
// mangling, as callgrind names them with --demangle=no) open and close the
// timed loop of every benchmark run: counts are zeroed before the first and
// dumped before the second, so a dump holds exactly one run's loop.
constexpr std::string_view k_loop_start = "_ZN9benchmark5State16StartKeepRunningEv";
constexpr std::string_view k_loop_end = "_ZN9benchmark5State17FinishKeepRunningEv";

void check_binary(const build_side& side) {
  if (::access(side.binary.c_str(), X_OK) != 0) {
    throw input_error(side.label + " " + side.binary.string() + ": not an executable file; expected a benchgate driver or "
                      "a Google Benchmark executable");
  }
}

// Runs valgrind with `args`, its output in `log`; throws input_error quoting
// the log when it fails.
void run_valgrind(const std::filesystem::path& valgrind, const std::vector<std::string>& args, const build_side& side,
                  const std::filesystem::path& log, std::string_view what) {
  const auto outcome = process::run_child(valgrind, args, log);
  if (outcome.start_error != 0) {
    throw std::system_error(outcome.start_error, std::generic_category(), "cannot run " + valgrind.string());
  }
  if (outcome.exit_code && *outcome.exit_code == 0) return;
  const auto status = outcome.exit_code ? "exited " + std::to_string(*outcome.exit_code)
                                        : "was killed by signal " + std::to_string(outcome.signal.value_or(0));
  throw input_error(side.label + " " + side.binary.string() + ": " + std::string(what) + " under callgrind " + status +
                    "; its output:\n" + files::file_tail(log, k_callgrind_log_tail_chars));
}

// The dumps callgrind wrote in `folder` (callgrind.out.N), by N.
std::vector<std::pair<std::int64_t, std::filesystem::path>> numbered_dumps(const std::filesystem::path& folder) {
  std::vector<std::pair<std::int64_t, std::filesystem::path>> out;
  const std::string prefix = std::string(k_dump_name) + ".";
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const auto name = entry.path().filename().string();
    if (!name.starts_with(prefix)) continue;
    const auto number = text::parse_int(name.substr(prefix.size()));
    if (!number || *number < 0) continue;
    out.emplace_back(*number, entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void add_profile(callgrind_profile& into, const callgrind_profile& from, bool first) {
  into.total += from.total;
  into.has_cache = first ? from.has_cache : into.has_cache && from.has_cache;
  for (const auto& [name, cost] : from.functions) {
    auto& f = into.functions[name];
    f.self += cost.self;
    f.inclusive += cost.inclusive;
    f.cache += cost.cache;
    for (const auto& [where, count] : cost.lines) f.lines[where] += count;
    for (const auto& [callee, count] : cost.calls) f.calls[callee] += count;
  }
}

// "case/variant/axis:value/..." -> the run arguments that select its point.
std::vector<std::string> point_arguments(const std::string& cell) {
  const auto parts = text::split(cell, '/');
  const bool shaped = parts.size() >= 2 && std::none_of(parts.begin(), parts.end(), [](const auto& p) { return p.empty(); });
  if (!shaped) {
    throw input_error("--cell " + cell + ": expected a benchgate cell name, case/variant[/axis:value]... (as in "
                      "results files); for a Google Benchmark executable add --gbench");
  }
  std::vector<std::string> args = {"--case", parts[0]};
  for (std::size_t i = 2; i < parts.size(); ++i) {
    const auto colon = parts[i].find(':');
    if (colon == std::string::npos || colon == 0) {
      throw input_error("--cell " + cell + ": '" + parts[i] + "' is not axis:value; expected case/variant[/axis:value]...");
    }
    args.insert(args.end(), {"--param", parts[i].substr(0, colon) + "=" + parts[i].substr(colon + 1)});
  }
  return args;
}

}  // namespace

profile_side profile_driver_cell(const std::filesystem::path& valgrind, const build_side& side, const std::string& cell,
                                 bool cache_sim) {
  check_binary(side);
  auto point = point_arguments(cell);
  const files::temp_folder folder("benchgate-explain");
  const auto out_file = folder.path() / k_dump_name;
  const auto results_file = folder.path() / "results.json";
  auto args = run::callgrind_arguments(out_file, cache_sim);
  args.push_back("--demangle=no");
  args.push_back(side.binary.string());
  args.push_back("run");
  args.insert(args.end(), point.begin(), point.end());
  args.insert(args.end(), {"--filter", "^" + text::regex_escaped(cell) + "$", "--measure", "instructions",
                           "--callgrind-out", out_file.string(), "--callgrind-keep-dumps", "--out", results_file.string()});
  if (cache_sim) args.push_back("--cache-sim");
  run_valgrind(valgrind, args, side, folder.path() / "run.log", "run --case " + point[1]);

  const auto loaded = results::load_any_results(results_file, side.label + " results");
  const auto* found = results::find_cell(loaded.results, cell);
  if (found == nullptr) {
    std::string names;
    for (const auto& c : loaded.results.cells) names += (names.empty() ? "" : ", ") + c.name;
    throw input_error("--cell " + cell + ": " + side.label + " " + side.binary.string() +
                      " has no cell of that name; its cells at that point: " + (names.empty() ? "none" : names));
  }
  profile_side out;
  out.binary = side.binary.string();
  // Each sample's dump covers its counted iterations only: the results
  // record one more per sample, the uncounted warm-up (timed_loop.hpp).
  const auto samples = static_cast<std::int64_t>(found->samples.size());
  out.iterations = samples * options::k_instruction_iterations;
  double measured_sum = 0;
  for (const auto& s : found->samples) measured_sum += s.instructions.value_or(0);
  const std::string trigger = "Client Request: " + cell;
  int dumps = 0;
  for (const auto& [number, path] : numbered_dumps(folder.path())) {
    const auto profile = parse_callgrind_profile(files::read_file(path, "callgrind dump"), path.filename().string());
    if (profile.trigger != trigger) continue;
    add_profile(out.profile, profile, dumps == 0);
    ++dumps;
  }
  if (dumps != static_cast<int>(found->samples.size()) || out.iterations <= 0) {
    throw input_error(side.label + " " + side.binary.string() + ": found " + std::to_string(dumps) +
                      " callgrind dumps of " + cell + " for " + std::to_string(found->samples.size()) +
                      " samples; expected one per sample (is it a benchgate driver of this version?)");
  }
  out.measured = measured_sum / static_cast<double>(samples);
  return out;
}

profile_side profile_gbench_benchmark(const std::filesystem::path& valgrind, const build_side& side,
                                      const std::string& name, double min_time_s, bool cache_sim) {
  check_binary(side);
  const auto listing = run::list_benchmarks(side.binary, {}, "explain");
  if (listing.names.empty()) {
    throw input_error(side.label + " " + side.binary.string() + ": not a Google Benchmark executable (" + listing.problem +
                      "); expected one with --gbench");
  }
  if (std::find(listing.names.begin(), listing.names.end(), name) == listing.names.end()) {
    std::string shown;
    for (std::size_t i = 0; i < listing.names.size() && i < k_names_shown; ++i) shown += (i ? ", " : "") + listing.names[i];
    if (listing.names.size() > k_names_shown) shown += ", ...";
    throw input_error("--cell " + name + ": " + side.label + " " + side.binary.string() +
                      " has no benchmark of that name; it has: " + shown);
  }
  const files::temp_folder folder("benchgate-explain");
  const auto out_file = folder.path() / k_dump_name;
  const auto json_file = folder.path() / "gbench.json";
  const std::string dump_option = "--dump-before=" + std::string(k_loop_end);
  std::vector<std::string> args = {"--tool=callgrind", "--dump-instr=no", "--quiet", "--demangle=no",
                                   "--callgrind-out-file=" + out_file.string(),
                                   "--zero-before=" + std::string(k_loop_start), dump_option};
  if (cache_sim) {
    const auto cache = run::cache_sim_arguments();
    args.insert(args.end(), cache.begin(), cache.end());
  }
  args.insert(args.end(), {side.binary.string(), "--benchmark_filter=^" + text::regex_escaped(name) + "$",
                           "--benchmark_repetitions=1", "--benchmark_min_time=" + std::to_string(min_time_s),
                           "--benchmark_out_format=json", "--benchmark_out=" + json_file.string()});
  run_valgrind(valgrind, args, side, folder.path() / "run.log", name);

  const auto loaded = results::load_any_results(json_file, side.label + " Google Benchmark JSON");
  const auto* found = results::find_cell(loaded.results, name);
  if (found == nullptr || found->samples.empty() || found->samples.back().iterations <= 0) {
    throw input_error(side.label + " " + side.binary.string() + ": its JSON under callgrind has no run of " + name);
  }
  // The last loop's dump is the run Google Benchmark reports (the others
  // sized the iteration count).
  std::optional<callgrind_profile> last;
  for (const auto& [number, path] : numbered_dumps(folder.path())) {
    auto profile = parse_callgrind_profile(files::read_file(path, "callgrind dump"), path.filename().string());
    if (profile.trigger == dump_option) last = std::move(profile);
  }
  if (!last) {
    throw input_error(side.label + " " + side.binary.string() + ": callgrind made no dump of " + name +
                      "'s timed loop; expected a benchmark that loops with 'for (auto _ : state)' or KeepRunning");
  }
  profile_side out;
  out.binary = side.binary.string();
  out.profile = std::move(*last);
  out.iterations = found->samples.back().iterations;
  return out;
}

}  // namespace benchgate::explain
