#pragma once
// Instruction counting under valgrind's callgrind (`run --measure
// instructions`): the process runs under `valgrind --tool=callgrind
// --collect-atstart=no --instr-atstart=no` (measuring_child.hpp) and uses
// callgrind's client requests (valgrind/callgrind.h) to count only the
// measured iterations: per sample, zero the counts, switch collection on
// around each iteration, then dump the counts and read the dump back.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "benchgate/timed_loop.hpp"

namespace benchgate::run {

// One measuring process's callgrind: where its dumps go and how many were
// made (callgrind numbers them BASE.1, BASE.2, ... in order).
class callgrind_session {
 public:
  // `out_file` is the --callgrind-out-file given to valgrind. Throws
  // input_error when the process is not running under valgrind. With
  // `keep_dumps` the dumps stay on disk (benchgate explain reads them whole).
  explicit callgrind_session(std::filesystem::path out_file, bool keep_dumps = false);

  // Switches instrumentation on (once, before the first cell).
  void start_instrumentation();

  // Dumps the counts collected since the last zeroing under `label`, reads
  // the dump and deletes it. Throws when the dump is missing or has no
  // total.
  std::int64_t dump_and_read(const std::string& label);

 private:
  std::filesystem::path out_file_;
  bool keep_dumps_ = false;
  int dumps_ = 0;
  bool instrumenting_ = false;
};

// The counter of one cell: one count per sample, instructions per counted
// iteration.
class callgrind_counter : public benchgate::detail::instruction_counter {
 public:
  callgrind_counter(callgrind_session& session, std::string label) : session_(&session), label_(std::move(label)) {}

  void begin_sample() override;
  void resume() override;
  void pause() override;
  void end_sample(std::int64_t counted) override;

  // Instructions per iteration of each sample, in order.
  const std::vector<double>& per_iteration() const { return per_iteration_; }

 private:
  callgrind_session* session_;
  std::string label_;
  std::vector<double> per_iteration_;
};

// True when this process runs under valgrind.
bool running_on_valgrind();

}  // namespace benchgate::run
