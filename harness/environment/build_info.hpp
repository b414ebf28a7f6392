#pragma once
// Facts about this binary's build, filled in by CMake (build_info.cpp is
// generated at build time, so the git commit follows every rebuild).

#include <string_view>

namespace benchgate::environment::build_info {

extern const std::string_view tool_version;
extern const std::string_view compiler;           // "GNU 12.2.0"
extern const std::string_view compiler_flags;     // flags of the build type
extern const std::string_view build_type;         // "Release"
extern const std::string_view benchmark_version;  // Google Benchmark, "1.7.1"
extern const std::string_view git_commit;         // "" outside a git checkout
extern const bool git_dirty;

}  // namespace benchgate::environment::build_info
