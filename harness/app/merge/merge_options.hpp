#pragma once
// What `benchgate merge` pools and where it writes, as its option table
// fills it.

#include <filesystem>
#include <string>
#include <vector>

namespace benchgate::options {

struct merge_options {
  std::vector<std::string> inputs;  // benchgate results files
  std::filesystem::path out;
};

}  // namespace benchgate::options
