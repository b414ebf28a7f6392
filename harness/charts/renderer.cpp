#include "harness/charts/renderer.hpp"

#include <unistd.h>

#include <gnuplot-iostream.h>

#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "harness/charts/gnuplot_text.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::charts {

namespace {

constexpr const char* k_image_formats[] = {"svg", "png"};
constexpr const char* k_failure_marker = "benchgate-chart-failed: ";

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return false;
  std::stringstream folders(path);
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    const auto candidate = std::filesystem::path(folder.empty() ? "." : folder) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return true;
  }
  return false;
}

// A path quoted for /bin/sh.
std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string partial_stem(const chart& c) { return "." + c.stem + ".partial"; }

void remove_partials(const std::filesystem::path& dir, const std::vector<chart>& charts) {
  std::error_code ignored;
  for (const auto& c : charts) {
    for (const auto* format : k_image_formats) std::filesystem::remove(dir / (partial_stem(c) + "." + format), ignored);
  }
}

// Two charts of one stem would overwrite each other's files: only names
// that differ in '/' against ':' give one stem (chart_stem).
void check_distinct_stems(const std::filesystem::path& dir, const std::vector<chart>& charts,
                          std::string_view source) {
  std::map<std::string_view, const chart*> seen;
  for (const auto& c : charts) {
    const auto [at, added] = seen.emplace(c.stem, &c);
    if (added) continue;
    throw input_error(std::string(source) + " " + dir.string() + ": the charts '" + at->second->title + "' and '" +
                      c.title + "' would both be written as " + c.stem +
                      ".svg; expected names that differ in more than '/' against ':'");
  }
}

}  // namespace

std::vector<std::string> render_charts(const std::filesystem::path& dir, const std::vector<chart>& charts,
                                       std::string_view source) {
  check_distinct_stems(dir, charts, source);
  for (const auto& c : charts) {
    files::write_atomically(dir / (c.stem + ".dat"), c.data, source);
    files::write_atomically(dir / (c.stem + ".gp"), full_script(c), source);
  }
  if (charts.empty()) return {};
  if (!on_path(k_gnuplot_program)) {
    throw input_error(std::string(source) + " " + dir.string() +
                      ": cannot render the charts: gnuplot is not on PATH; expected gnuplot 5 (Debian package "
                      "gnuplot-nox, which scripts/setup installs); the .gp scripts and .dat data are written");
  }
  const auto absolute = std::filesystem::absolute(dir);
  const auto log = absolute / (".benchgate-gnuplot-" + std::to_string(::getpid()) + ".log");
  {
    Gnuplot gp(std::string(k_gnuplot_program) + " >" + shell_quote(log.string()) + " 2>&1");
    gp << "cd " << gp_quote(absolute.string()) << "\n";
    for (const auto& c : charts) {
      gp << "reset errors\n"
         << "output_stem = " << gp_quote(partial_stem(c)) << "\n"
         << "load " << gp_quote(c.stem + ".gp") << "\n"
         << "if (GPVAL_ERRNO != 0) print " << gp_quote(k_failure_marker + c.stem) << "\n";
    }
    // Failures are read from the markers above, not from the exit status.
    gp << "exit status 0\n";
  }  // pclose: waits for gnuplot to finish
  std::string printed;
  std::error_code ignored;
  if (std::filesystem::exists(log)) printed = files::read_file(log, "gnuplot's output");
  std::filesystem::remove(log, ignored);
  for (const auto& c : charts) {
    bool failed = printed.find(k_failure_marker + c.stem + "\n") != std::string::npos;
    for (const auto* format : k_image_formats) {
      failed = failed || !std::filesystem::exists(dir / (partial_stem(c) + "." + format));
    }
    if (failed) {
      remove_partials(dir, charts);
      throw std::runtime_error("gnuplot could not render " + (dir / (c.stem + ".gp")).string() + ": " + printed);
    }
  }
  for (const auto& c : charts) {
    for (const auto* format : k_image_formats) {
      std::filesystem::rename(dir / (partial_stem(c) + "." + format), dir / (c.stem + "." + format));
    }
  }
  std::vector<std::string> warnings;
  std::stringstream lines(printed);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t^") != std::string::npos) warnings.push_back(line);
  }
  return warnings;
}

}  // namespace benchgate::charts
