#pragma once
// `run --measure instructions` re-executes benchgate under valgrind's
// callgrind: the parent finds valgrind, makes a temporary folder for the
// dumps, runs the same command line plus `--callgrind-out FILE` (the
// internal flag that makes the child the measuring process) and returns the
// child's exit code. The child prints the report and writes the files.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace benchgate::run {

// The valgrind arguments before the program: callgrind, counting off until
// the harness switches it on (callgrind_counter.hpp), quiet, dumps to
// `out_file` (numbered out_file.1, .2, ...); with `cache_sim` the cache
// simulation too (cache_sim.hpp).
std::vector<std::string> callgrind_arguments(const std::filesystem::path& out_file, bool cache_sim = false);

// valgrind's path for `purpose` (the option that needs it, for the
// message). Throws input_error when it is not on PATH, or when this build
// uses AddressSanitizer (valgrind cannot run it).
std::filesystem::path valgrind_path(std::string_view purpose);

// Runs `run_args` (the arguments of `benchgate run`, without "run") again
// under callgrind (simulating the caches with `cache_sim`) and returns its
// exit code. Throws input_error when valgrind is not on PATH.
int run_under_callgrind(const std::vector<std::string>& run_args, bool cache_sim = false);

}  // namespace benchgate::run
