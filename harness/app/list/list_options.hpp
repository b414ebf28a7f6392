#pragma once
// What `benchgate list` shows, as its option table fills it.

#include <string>
#include <vector>

namespace benchgate::options {

struct list_options {
  std::vector<std::string> cases;  // empty: every case
};

}  // namespace benchgate::options
