#include "harness/report/progress.hpp"

#include <unistd.h>

#include <iostream>

#include "harness/report/format.hpp"

namespace benchgate::report {

progress_line::progress_line(bool enabled)
    : enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

progress_line::~progress_line() { clear(); }

void progress_line::update(std::size_t done, std::size_t total, const std::string& what) {
  if (!enabled_) return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string line = "[" + std::to_string(done + 1) + "/" + std::to_string(total) + "] " + what +
                     "  elapsed " + format_duration_s(elapsed);
  if (done > 0) {
    const double left = elapsed / static_cast<double>(done) * static_cast<double>(total - done);
    line += ", ~" + format_duration_s(left) + " left";
  }
  std::cerr << "\r\033[K" << line << std::flush;
  shown_ = true;
}

void progress_line::clear() {
  if (!shown_) return;
  std::cerr << "\r\033[K" << std::flush;
  shown_ = false;
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

}  // namespace benchgate::report
