#include "harness/run/callgrind_counter.hpp"

#include <valgrind/callgrind.h>

#include <stdexcept>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/run/callgrind_dump.hpp"

namespace benchgate::run {

bool running_on_valgrind() { return RUNNING_ON_VALGRIND != 0; }

callgrind_session::callgrind_session(std::filesystem::path out_file, bool keep_dumps)
    : out_file_(std::move(out_file)), keep_dumps_(keep_dumps) {
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

std::int64_t callgrind_session::dump_and_read(const std::string& label) {
  CALLGRIND_DUMP_STATS_AT(label.c_str());
  ++dumps_;
  auto path = out_file_;
  path += "." + std::to_string(dumps_);
  const auto text = files::read_file(path, "callgrind dump");
  const auto count = dump_instructions(text, label);
  if (!keep_dumps_) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
  if (!count) throw std::runtime_error("callgrind dump " + path.string() + " has no instruction total for " + label);
  return *count;
}

void callgrind_counter::begin_sample() {
  session_->start_instrumentation();
  CALLGRIND_ZERO_STATS;
}

void callgrind_counter::resume() { CALLGRIND_TOGGLE_COLLECT; }

void callgrind_counter::pause() { CALLGRIND_TOGGLE_COLLECT; }

void callgrind_counter::end_sample(std::int64_t counted) {
  const auto total = session_->dump_and_read(label_);
  per_iteration_.push_back(counted > 0 ? static_cast<double>(total) / static_cast<double>(counted) : 0.0);
}

}  // namespace benchgate::run
