#pragma once
// Telling a plain Google Benchmark executable from a benchgate driver (for
// `benchgate ab`): a Google Benchmark executable lists its benchmarks when
// given --benchmark_list_tests=true; a benchgate driver refuses the option.

#include <filesystem>
#include <string>
#include <vector>

namespace benchgate::run {

struct benchmark_listing {
  std::vector<std::string> names;  // in the executable's order; empty: not one
  std::string problem;             // why not, when `names` is empty
};

// Runs `binary ARGS... --benchmark_list_tests=true` (stdin /dev/null,
// output in temporary files named after `tag`, removed) and reads the names
// it prints, one a line, less the lines it prints when its filter selects
// nothing (a banner its main prints, run a second time with
// --benchmark_filter=^$). Not a Google Benchmark executable when it does
// not exit 0, prints no name, or prints a line starting with '-' (an
// echo of its arguments); `problem` then says what it did, with the tail
// of its stderr.
benchmark_listing list_benchmarks(const std::filesystem::path& binary, const std::vector<std::string>& args,
                                  const std::string& tag);

// Why `binary` is not a benchgate driver (or a driver built on its
// library), empty when it is one: `binary --version` exits 0 printing
// "benchgate VERSION", as every driver's main does. Output in temporary
// files named after `tag`, removed.
std::string driver_problem(const std::filesystem::path& binary, const std::string& tag);

}  // namespace benchgate::run
