#include "harness/run/gbench_listing.hpp"

#include <unistd.h>

#include <algorithm>
#include <sstream>
#include <string_view>

#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"

namespace benchgate::run {

namespace {

// The end of a refusal shown in messages.
constexpr std::size_t k_shown_chars = 300;

constexpr const char* k_list_flag = "--benchmark_list_tests=true";
constexpr const char* k_filter_flag = "--benchmark_filter=";
// Matches no benchmark name (names are never empty).
constexpr const char* k_nothing_regex = "^$";
// What a benchgate driver's `--version` prints first.
constexpr std::string_view k_driver_version_prefix = "benchgate ";

std::string read_or_empty(const std::filesystem::path& path) {
  try {
    return files::read_file(path, "listing");
  } catch (const std::exception&) {
    return "";
  }
}

// The non-empty lines of `text`, without their line ends.
std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream lines(text);
  std::vector<std::string> out;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::string shown_tail(const std::string& text) {
  auto out = text.size() > k_shown_chars ? "..." + text.substr(text.size() - k_shown_chars) : text;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out.empty() ? "" : ": " + out;
}

// Runs `binary ARGS...` with its output in temporary files named after
// `tag` (removed): the outcome, stdout and stderr.
struct captured {
  process::child_outcome outcome;
  std::string out;
  std::string err;
};
captured run_captured(const std::filesystem::path& binary, const std::vector<std::string>& args,
                      const std::string& tag) {
  const auto base = std::filesystem::temp_directory_path() /
                    ("benchgate-list-" + std::to_string(::getpid()) + "-" + tag);
  const auto out_path = std::filesystem::path(base.string() + ".out");
  const auto err_path = std::filesystem::path(base.string() + ".err");
  std::error_code ec;
  std::filesystem::remove(out_path, ec);
  std::filesystem::remove(err_path, ec);
  captured c;
  c.outcome = process::run_child_split(binary, args, out_path, err_path);
  c.out = read_or_empty(out_path);
  c.err = read_or_empty(err_path);
  std::filesystem::remove(out_path, ec);
  std::filesystem::remove(err_path, ec);
  return c;
}

}  // namespace

std::string driver_problem(const std::filesystem::path& binary, const std::string& tag) {
  const auto c = run_captured(binary, {"--version"}, tag + "-version");
  if (c.outcome.exit_code == 0 && std::string_view(c.out).starts_with(k_driver_version_prefix)) return "";
  const std::string command = "'" + binary.string() + " --version'";
  if (c.outcome.exit_code != 0) {
    return command + " " + process::how_it_ended(c.outcome) + shown_tail(c.err);
  }
  // Its first line says what it is (e.g. "true (GNU coreutils) 9.1").
  const auto first_line = c.out.substr(0, c.out.find('\n'));
  return command + " printed " + (first_line.empty() ? std::string("nothing") : "'" + first_line + "'") +
         ", not 'benchgate VERSION'";
}

benchmark_listing list_benchmarks(const std::filesystem::path& binary, const std::vector<std::string>& args,
                                  const std::string& tag) {
  auto command_args = args;
  command_args.push_back(k_list_flag);
  const auto c = run_captured(binary, command_args, tag);
  const auto& outcome = c.outcome;
  const auto& listed = c.out;
  const auto& refusal = c.err;

  std::string command = binary.string();
  for (const auto& a : command_args) command += " " + a;
  benchmark_listing out;
  if (outcome.exit_code != 0) {
    out.problem = "'" + command + "' " + process::how_it_ended(outcome) + shown_tail(refusal);
    return out;
  }
  // What the program prints whatever it runs (a banner before
  // benchmark::Initialize, a line at exit): what it lists when the filter
  // selects nothing. Such lines are not benchmarks.
  auto silent_args = command_args;
  silent_args.push_back(std::string(k_filter_flag) + k_nothing_regex);
  const auto silent = run_captured(binary, silent_args, tag + "-none");
  auto printed_anyway = silent.outcome.exit_code == 0 ? lines_of(silent.out) : std::vector<std::string>{};
  const auto all_lines = lines_of(listed);
  // A program that lists the same whatever the filter does not filter:
  // its lines are all it has.
  if (std::all_of(all_lines.begin(), all_lines.end(), [&](const std::string& line) {
        return std::find(printed_anyway.begin(), printed_anyway.end(), line) != printed_anyway.end();
      })) {
    printed_anyway.clear();
  }
  std::vector<std::string> names;
  for (const auto& line : all_lines) {
    if (std::find(printed_anyway.begin(), printed_anyway.end(), line) != printed_anyway.end()) continue;
    if (line.front() == '-') {
      out.problem = "'" + command + "' printed '" + line + "', not a benchmark name";
      return out;
    }
    names.push_back(line);
  }
  if (names.empty()) {
    out.problem = "'" + command + "' listed no benchmark" + shown_tail(refusal);
    return out;
  }
  out.names = std::move(names);
  return out;
}

}  // namespace benchgate::run
