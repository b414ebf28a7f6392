#pragma once
// Names of the file schemas a results reader must tell apart from results
// (a diff given where results are expected gets its own error). Each schema's
// model lives with the stage that produces it (compare/diff_model.hpp).

namespace benchgate::results {

inline constexpr const char* diff_schema = "benchgate.diff/1";

}  // namespace benchgate::results
