#pragma once
// benchgate/input_file.hpp: reading a case's `--input FILE`.
//
// Contract: read_input_file returns the whole file's bytes; when the file
// cannot be opened or read it throws input_error naming `source` (e.g.
// "--input") and the path, with the system's reason. It never prints.

#include <filesystem>
#include <string>
#include <string_view>

namespace benchgate {

std::string read_input_file(const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate
