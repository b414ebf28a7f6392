#include "harness/support/files/temp_folder.hpp"

#include <stdlib.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace benchgate::files {

temp_folder::temp_folder(std::string_view prefix) {
  auto pattern = (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::system_error(errno, std::generic_category(), "cannot create a folder in " + pattern);
  }
  path_ = pattern;
}

temp_folder::~temp_folder() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace benchgate::files
