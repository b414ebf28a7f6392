#pragma once
// A one-line progress display on stderr, shown only when stderr is a
// terminal so that CI logs stay clean.

#include <chrono>
#include <cstddef>
#include <string>

namespace benchgate::report {

class progress_line {
 public:
  // Shows nothing unless `enabled` (typically: stderr is a terminal).
  explicit progress_line(bool enabled);
  ~progress_line();

  // "[k/N] what  elapsed 12s, ~30s left"; `done` items of `total` finished.
  void update(std::size_t done, std::size_t total, const std::string& what);
  // Erases the line (before other output is printed).
  void clear();

 private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
};

// Whether stderr is a terminal.
bool stderr_is_terminal();

}  // namespace benchgate::report
