#include "harness/gate/glob.hpp"

#include <fnmatch.h>

#include <string>

namespace benchgate::gate {

bool glob_match(std::string_view pattern, std::string_view name) {
  // fnmatch needs NUL-terminated strings.
  const std::string p(pattern);
  const std::string n(name);
  return ::fnmatch(p.c_str(), n.c_str(), 0) == 0;
}

}  // namespace benchgate::gate
