#include "harness/calibrate/tries.hpp"

#include <chrono>
#include <filesystem>
#include <regex>
#include <system_error>
#include <vector>

#include "harness/environment/environment.hpp"
#include "harness/paired/paired_runs.hpp"
#include "harness/gate/gate_verdict_reader.hpp"
#include "harness/support/errors/exit_codes.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::calibrate {

namespace {

namespace fs = std::filesystem;

// The outcome of one step of a try: `benchgate ARGS...` run by this binary.
struct step_outcome {
  std::optional<int> exit_code;  // none: a signal ended it
};

// Runs one step, its stdout and stderr appended to `log`. Exit 2 means the
// arguments are wrong (ours or --command-arg's): every try would fail the
// same way, so it stops the calibration.
step_outcome run_step(const std::string& step, const std::vector<std::string>& args, const fs::path& log,
                      const std::string& where) {
  const auto self = process::this_executable();
  const auto outcome = process::run_child(self, args, log);
  if (outcome.start_error != 0) {
    throw std::system_error(outcome.start_error, std::generic_category(), "cannot run " + self.string());
  }
  if (outcome.exit_code == to_int(exit_code::bad_input)) {
    std::string command = "benchgate";
    for (const auto& a : args) command += " " + a;
    throw input_error("calibrate: " + step + " of " + where + " exited 2 (bad input): " + command + "\n" +
                      files::file_tail(log) +
                      "expected arguments the command takes (see 'benchgate calibrate --help')");
  }
  return {outcome.exit_code};
}

// The `run` options of the new side of an injected try.
std::vector<std::string> slowed_args(const options::calibrate_options& options) {
  std::vector<std::string> out{"--inject-slowdown", text::number_text(options.slowdown_pct)};
  if (options.slowdown_filter) {
    out.push_back("--inject-filter");
    out.push_back(*options.slowdown_filter);
  }
  return out;
}

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Every step of a try writes to one log.
fs::path log_of(const fs::path& dir) { return dir / "log.txt"; }

// The steps of one try, in `dir`: the step that ended it and its exit code.
// The verdict goes to dir/verdict.json.
calibration_try gate_try(const options::calibrate_options& options, bool injected, const fs::path& dir,
                         const std::string& where) {
  const auto log = log_of(dir);
  calibration_try t;
  const auto old_json = (dir / "old.json").string();
  const auto new_json = (dir / "new.json").string();
  const auto old_run = run_step("run old", joined(joined({"run"}, options.run_args), {"--out", old_json}), log, where);
  if (old_run.exit_code != 0) {
    t.step = "run old";
    t.exit_code = old_run.exit_code;
    return t;
  }
  auto new_args = joined({"run"}, options.run_args);
  if (injected) new_args = joined(new_args, slowed_args(options));
  const auto new_run = run_step("run new", joined(new_args, {"--out", new_json}), log, where);
  if (new_run.exit_code != 0) {
    t.step = "run new";
    t.exit_code = new_run.exit_code;
    return t;
  }
  // gate takes --confirm 1 and up; 0 is no --confirm at all.
  auto gate_args = std::vector<std::string>{"gate", old_json, new_json};
  if (options.confirm > 0) {
    gate_args = joined(gate_args, {"--confirm", std::to_string(options.confirm), "--confirm-dir",
                                   (dir / "confirm").string()});
  }
  gate_args = joined(joined(gate_args, options.command_args), {"--json", (dir / "verdict.json").string()});
  t.step = "gate";
  t.exit_code = run_step("gate", gate_args, log, where).exit_code;
  return t;
}

calibration_try ab_try(const options::calibrate_options& options, bool injected, const fs::path& dir,
                       const std::string& where) {
  // Two files, as every A/A must be: one file against itself hides what is
  // fixed per file (where its pages sit, its path; docs/ab.md,
  // "Placement"). NEW is a fresh copy of this binary, byte-identical, so
  // ab is told to run it anyway.
  const auto self = process::this_executable();
  const auto copy = dir / "new-build" / self.filename();
  std::error_code ec;
  fs::create_directories(copy.parent_path(), ec);
  if (!ec) fs::copy_file(self, copy, fs::copy_options::overwrite_existing, ec);
  if (ec) {
    throw input_error("calibrate --for ab: cannot copy " + self.string() + " to " + copy.string() + " (" +
                      ec.message() + "); expected a folder that takes a copy of the binary for the NEW side");
  }
  auto args = joined(joined({"ab", self.string(), copy.string(), "--run-identical"}, options.run_args),
                     options.command_args);
  if (injected) {
    for (const auto& a : slowed_args(options)) args = joined(args, {"--new-arg", a});
  }
  args = joined(args, {"--out-dir", (dir / "results").string(), "--verdict-json", (dir / "verdict.json").string()});
  calibration_try t;
  t.step = "ab";
  t.exit_code = run_step("ab", args, log_of(dir), where).exit_code;
  fs::remove_all(copy.parent_path(), ec);  // the results stay; the copy need not
  return t;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void count_cells(calibration_try& t, std::span<const gate::verdict_cell> cells,
                 const std::optional<std::string>& filter, bool injected) {
  std::optional<std::regex> slowed;
  // ECMAScript and regex_search: how run's --inject-filter picks its cells.
  if (filter) slowed.emplace(*filter, std::regex::ECMAScript);
  t.cells = cells.size();
  for (const auto& cell : cells) {
    const bool failing = cell.status == "fail";
    if (failing) ++t.failing;
    if (cell.status == "unstable") ++t.unstable;
    const bool touched = injected && (!slowed || std::regex_search(cell.name, *slowed));
    if (touched) {
      ++t.injected_cells;
      if (failing) ++t.detected;
    } else if (failing) {
      ++t.false_failing;
    }
  }
}

void tally(calibration_experiment& e) {
  e.exit_0 = e.exit_1 = e.exit_3 = e.other = 0;
  e.false_failing = e.injected_cells = e.detected = 0;
  e.wall_s = 0;
  for (const auto& t : e.tries) {
    const bool judged = t.step == "gate" || t.step == "ab";
    if (judged && t.exit_code == 0) {
      ++e.exit_0;
    } else if (judged && t.exit_code == 1) {
      ++e.exit_1;
    } else if (judged && t.exit_code == 3) {
      ++e.exit_3;
    } else {
      ++e.other;
    }
    e.false_failing += t.false_failing;
    e.injected_cells += t.injected_cells;
    e.detected += t.detected;
    e.wall_s += t.wall_s;
  }
}

calibration_tries calibrate_tries(const options::calibrate_options& options, const try_finished& finished) {
  calibration_tries out;
  out.target = options.target;
  out.env = environment::capture();
  out.run_args = options.run_args;
  out.command_args = options.command_args;
  out.confirm = options.confirm;
  out.slowdown_pct = options.slowdown_pct;
  out.slowdown_filter = options.slowdown_filter;
  const paired::work_folder folder(options.keep_dir, "--keep-dir", "calibrate");
  for (const bool injected : {false, true}) {
    calibration_experiment e;
    e.name = injected ? "injected" : "aa";
    for (int n = 1; n <= options.repeats; ++n) {
      const auto dir = folder.path() / (e.name + "-" + std::to_string(n));
      std::error_code ec;
      fs::remove_all(dir, ec);
      fs::create_directories(dir, ec);
      const std::string where = "try " + e.name + " " + std::to_string(n);
      const auto start = std::chrono::steady_clock::now();
      auto t = options.target == calibration_target::gate ? gate_try(options, injected, dir, where)
                                                          : ab_try(options, injected, dir, where);
      t.wall_s = seconds_since(start);
      t.number = static_cast<std::size_t>(n);
      const auto verdict = dir / "verdict.json";
      if ((t.step == "gate" || t.step == "ab") && fs::exists(verdict)) {
        const auto cells = gate::read_verdict_cells(files::read_file(verdict, where), verdict.string());
        count_cells(t, cells, options.slowdown_filter, injected);
      }
      e.tries.push_back(t);
      finished(e.name, t, options.repeats);
    }
    tally(e);
    out.experiments.push_back(std::move(e));
  }
  return out;
}

}  // namespace benchgate::calibrate
