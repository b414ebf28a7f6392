// Fuzz target for the history store reader: any bytes written as a store
// file must load or give an input_error (SQLite reports a file that is not a
// database, or a corrupt one, and the reader checks the schema marks).
// Loaded points must refer to loaded commits.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "harness/support/errors/input_error.hpp"
#include "harness/history/store.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace fs = std::filesystem;
  const auto dir = fs::temp_directory_path() / ("benchgate-fuzz-history-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto path = dir / "history.db";
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path.string() + suffix);
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    const auto h = benchgate::history::load_history(path, "fuzz", benchgate::history::k_real_time_metric);
    for (const auto& p : h.points) {
      if (p.commit_index < 0 || static_cast<std::size_t>(p.commit_index) >= h.commits.size()) std::abort();
    }
  } catch (const benchgate::input_error&) {
  }
  fs::remove_all(dir);
  return 0;
}
