#pragma once
// Allocation counting (`run --measure allocations`): benchgate replaces the
// global operator new and delete (every form: plain, array, nothrow,
// aligned, sized) with ones that call malloc/free and, only while a timed
// iteration is being counted, tally the blocks. The tally sits behind one
// branch on a relaxed atomic (its count of open spans), so a time run pays
// one predictable branch per allocation and nothing in its loop. malloc, calloc and
// realloc called directly are not counted (C++ code allocates through new).
//
// Sizes are the allocator's: malloc_usable_size(3) of each block, at
// allocation and at release (the tally of harness/support/allocations/,
// shared with the preloaded counter of Google Benchmark executables).

#include <cstdint>
#include <vector>

#include "benchgate/timed_loop.hpp"
#include "harness/support/allocations/allocation_tally.hpp"

namespace benchgate::run {

// The process-wide tally behind the replaced operators: the one piece of
// global mutable state in benchgate, because operator new takes no context
// argument to pass a counter through. Atomics (relaxed): an allocation on
// another thread while counting is on is counted, never torn. Only one
// tally runs at a time (the runner times one cell at a time).
namespace allocation_tally {

// Zeroes every count (counting stays as it was).
void reset();
// Switches counting on; the live bytes start again from 0, so the peak is
// that of the span about to run.
void resume();
// Switches counting off and folds the span's peak into the totals' peak
// (the largest of the spans since reset()).
void pause();
// The counts since reset().
allocations::allocation_totals read();

}  // namespace allocation_tally

// One sample of a cell, per counted iteration (the peak is per iteration,
// not divided).
struct allocation_sample {
  std::int64_t counted_iterations = 0;
  double allocations = 0;
  double frees = 0;
  double bytes_allocated = 0;
  double peak_bytes = 0;  // the largest of the iterations' peaks
};

// The counter of one cell: counting is on only around each counted
// iteration (the timed loop's hook, benchgate/timed_loop.hpp); one record
// per call of the body, in order (Google Benchmark's warm-up and
// iteration-sizing calls included: the samples it reports are the last
// calls, see take_last).
class allocation_counter : public benchgate::detail::instruction_counter {
 public:
  void begin_sample() override;
  void resume() override;
  void pause() override;
  void end_sample(std::int64_t counted) override;

  // Every record so far, in the order the body ran.
  const std::vector<allocation_sample>& records() const { return records_; }

 private:
  std::vector<allocation_sample> records_;
};

}  // namespace benchgate::run
