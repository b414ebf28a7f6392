#pragma once
// Instruction counting under valgrind's callgrind (`run --measure
// instructions`): the process runs under `valgrind --tool=callgrind
// --collect-atstart=no --instr-atstart=no` (measuring_child.hpp) and uses
// callgrind's client requests (valgrind/callgrind.h) to count only the
// measured iterations: per sample, zero the counts, switch collection on
// around each iteration, then dump the counts and read the dump back. With
// --cache-sim valgrind also simulates the caches (cache_sim.hpp) and each
// dump's cache events are read too.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "benchgate/timed_loop.hpp"
#include "harness/run/cache_sim.hpp"

namespace benchgate::run {

// What one dump counted: the instructions, and with the cache simulation
// each cache event.
struct dump_counts {
  std::int64_t instructions = 0;
  std::optional<cache_events> cache;
};

// One measuring process's callgrind: where its dumps go and how many were
// made (callgrind numbers them BASE.1, BASE.2, ... in order).
class callgrind_session {
 public:
  // `out_file` is the --callgrind-out-file given to valgrind. Throws
  // input_error when the process is not running under valgrind. With
  // `keep_dumps` the dumps stay on disk (benchgate explain reads them whole);
  // with `cache_sim` valgrind runs with cache_sim_arguments() and every dump
  // must carry the cache events of the caches k_cache_model names.
  explicit callgrind_session(std::filesystem::path out_file, bool keep_dumps = false, bool cache_sim = false);

  // Switches instrumentation on (once, before the first cell).
  void start_instrumentation();

  // Dumps the counts collected since the last zeroing under `label`, reads
  // the dump and deletes it. Throws when the dump is missing or has no
  // total, or (cache_sim) no cache events or other caches than expected.
  // A `discarded` dump is deleted even when dumps are kept.
  dump_counts dump_and_read(const std::string& label, bool discarded = false);

  bool cache_sim() const { return cache_sim_; }

 private:
  std::filesystem::path out_file_;
  bool keep_dumps_ = false;
  bool cache_sim_ = false;
  int dumps_ = 0;
  bool instrumenting_ = false;
};

// With the cache simulation each cell first runs this many uncounted
// samples: the simulated caches carry over from whatever ran before (the
// previous cell, Google Benchmark's bookkeeping between repetitions), so a
// cell's first sample takes the cold misses its later ones do not, and
// the samples would differ; after them they are alike. One was not always
// enough: with some code layouts the next sample still took one more LL
// hit than the rest (docs/instructions.md).
inline constexpr int k_cache_warmup_samples = 2;

// The counter of one cell: one count per sample, instructions per counted
// iteration (the session's warm-up samples, if any, read and dropped).
class callgrind_counter : public benchgate::detail::instruction_counter {
 public:
  callgrind_counter(callgrind_session& session, std::string label)
      : session_(&session), label_(std::move(label)), to_discard_(session.cache_sim() ? k_cache_warmup_samples : 0) {}

  void begin_sample() override;
  void resume() override;
  void pause() override;
  void end_sample(std::int64_t counted) override;

  // Instructions per iteration of each sample, in order.
  const std::vector<double>& per_iteration() const { return per_iteration_; }
  // With the cache simulation: each sample's cache figures per iteration,
  // in order (empty without it).
  const std::vector<cache_figures>& cache_per_iteration() const { return cache_per_iteration_; }

 private:
  callgrind_session* session_;
  std::string label_;
  std::vector<double> per_iteration_;
  std::vector<cache_figures> cache_per_iteration_;
  int to_discard_ = 0;
};

// True when this process runs under valgrind.
bool running_on_valgrind();

}  // namespace benchgate::run
