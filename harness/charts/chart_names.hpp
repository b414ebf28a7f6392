#pragma once
// File stems of charts, made from case and cell names.

#include <string>
#include <string_view>

namespace benchgate::charts {

// `prefix` + "_" + `name` with every character outside [A-Za-z0-9_.-]
// replaced by '-' ("page_iter/core/row_bytes:8" -> "dist_page_iter-core-row_bytes-8").
std::string chart_stem(std::string_view prefix, std::string_view name);

}  // namespace benchgate::charts
