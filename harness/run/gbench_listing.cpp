#include "harness/run/gbench_listing.hpp"

#include <unistd.h>

#include <sstream>
#include <string_view>

#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"

namespace benchgate::run {

namespace {

// The end of a refusal shown in messages.
constexpr std::size_t k_shown_chars = 300;

constexpr const char* k_list_flag = "--benchmark_list_tests=true";
// What a benchgate driver's `--version` prints first.
constexpr std::string_view k_driver_version_prefix = "benchgate ";

std::string read_or_empty(const std::filesystem::path& path) {
  try {
    return files::read_file(path, "listing");
  } catch (const std::exception&) {
    return "";
  }
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
    return command + " " +
           (c.outcome.exit_code ? "exited with " + std::to_string(*c.outcome.exit_code)
                                : std::string(c.outcome.signal ? "was ended by a signal" : "could not start")) +
           shown_tail(c.err);
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
    out.problem = "'" + command + "' " +
                  (outcome.exit_code ? "exited with " + std::to_string(*outcome.exit_code)
                                     : std::string(outcome.signal ? "was ended by a signal" : "could not start")) +
                  shown_tail(refusal);
    return out;
  }
  std::istringstream lines(listed);
  std::vector<std::string> names;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
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
