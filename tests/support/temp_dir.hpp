#pragma once
// A fresh folder under the system temporary folder, removed with its content
// when the object goes.

#include <filesystem>

namespace benchgate::test_support {

class temp_dir {
 public:
  temp_dir();
  ~temp_dir();
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace benchgate::test_support
