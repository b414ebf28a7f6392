#pragma once
// One grid point being timed, in one or more batches of samples: what the
// runner's fixed and precision-targeted sampling (runner.cpp) need of a
// point, whether its cells are a case's variants or plain Google Benchmark
// registrations (plain_session.hpp).

#include <span>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::run {

class timing_session {
 public:
  virtual ~timing_session() = default;
  // Whether any cell is left to time (none when preparation failed).
  virtual bool timable() const = 0;
  // The point's cells with every sample so far, in the point's order.
  virtual std::vector<results::cell>& cells() = 0;
  // Times `samples[i]` more samples of cell i (none: 0, or an error), the
  // cells timed together, interleaved unless the run says not to.
  virtual void time(std::span<const int> samples) = 0;
};

}  // namespace benchgate::run
