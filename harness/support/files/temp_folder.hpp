#pragma once
// A fresh private folder under the system temporary folder, removed with
// everything in it when the object goes out of scope (callgrind's dumps).

#include <filesystem>
#include <string_view>

#include "harness/support/process/termination.hpp"

namespace benchgate::files {

class temp_folder {
 public:
  // Creates TMPDIR/PREFIX-XXXXXX (mkdtemp). Throws std::system_error when it cannot.
  explicit temp_folder(std::string_view prefix);
  temp_folder(const temp_folder&) = delete;
  temp_folder& operator=(const temp_folder&) = delete;
  ~temp_folder();
  const std::filesystem::path& path() const { return path_; }

 private:
  process::cleanup_pending pending_;  // a termination signal waits for the removal
  std::filesystem::path path_;
};

}  // namespace benchgate::files
