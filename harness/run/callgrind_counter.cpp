#include "harness/run/callgrind_counter.hpp"

#include <valgrind/callgrind.h>

#include <stdexcept>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/run/callgrind_dump.hpp"

namespace benchgate::run {

bool running_on_valgrind() { return RUNNING_ON_VALGRIND != 0; }

callgrind_session::callgrind_session(std::filesystem::path out_file, bool keep_dumps, bool cache_sim)
    : out_file_(std::move(out_file)), keep_dumps_(keep_dumps), cache_sim_(cache_sim) {
  if (!running_on_valgrind()) {
    throw input_error("--callgrind-out " + out_file_.string() +
                      ": this process is not running under valgrind; expected it only in the child "
                      "process that 'run --measure instructions' starts under callgrind");
  }
}

void callgrind_session::start_instrumentation() {
  if (instrumenting_) return;
  CALLGRIND_START_INSTRUMENTATION;
  instrumenting_ = true;
}

dump_counts callgrind_session::dump_and_read(const std::string& label, bool discarded) {
  CALLGRIND_DUMP_STATS_AT(label.c_str());
  ++dumps_;
  auto path = out_file_;
  path += "." + std::to_string(dumps_);
  const auto text = files::read_file(path, "callgrind dump");
  const auto count = dump_instructions(text, label);
  const auto cache = cache_sim_ ? dump_cache_events(text, label) : std::nullopt;
  if (!keep_dumps_ || discarded) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
  if (!count) throw std::runtime_error("callgrind dump " + path.string() + " has no instruction total for " + label);
  if (!cache_sim_) return {*count, std::nullopt};
  if (!cache) {
    throw std::runtime_error("callgrind dump " + path.string() + " has no cache events for " + label +
                             "; expected valgrind run with --cache-sim=yes");
  }
  // The counts are only comparable across runs and machines with the same
  // simulated caches: a valgrind that adjusted them is refused.
  if (cache->model != k_cache_model) {
    throw std::runtime_error("callgrind dump " + path.string() + " simulated the caches '" + cache->model +
                             "'; expected '" + std::string(k_cache_model) + "'");
  }
  return {*count, cache->totals};
}

void callgrind_counter::begin_sample() {
  session_->start_instrumentation();
  CALLGRIND_ZERO_STATS;
}

void callgrind_counter::resume() { CALLGRIND_TOGGLE_COLLECT; }

void callgrind_counter::pause() { CALLGRIND_TOGGLE_COLLECT; }

void callgrind_counter::end_sample(std::int64_t counted) {
  const bool discarded = to_discard_ > 0;
  const auto total = session_->dump_and_read(label_, discarded);
  if (discarded) {
    --to_discard_;
    return;
  }
  const double iterations = static_cast<double>(counted);
  per_iteration_.push_back(counted > 0 ? static_cast<double>(total.instructions) / iterations : 0.0);
  if (total.cache) cache_per_iteration_.push_back(figures_of(*total.cache, counted > 0 ? iterations : 1));
}

}  // namespace benchgate::run
