#include "benchgate/input_file.hpp"

#include "harness/support/files/file_io.hpp"

namespace benchgate {

std::string read_input_file(const std::filesystem::path& path, std::string_view source) {
  return files::read_file(path, source);
}

}  // namespace benchgate
