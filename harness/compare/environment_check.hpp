#pragma once
// Warnings for comparisons whose two sides were not measured alike.

#include <vector>

#include "harness/compare/diff_model.hpp"

namespace benchgate::compare {

// One "environment" warning per field of CPU model, compiler, build type and
// Google Benchmark version known on both sides and different; a field
// unknown on a side (e.g. Google Benchmark JSON has no CPU model) is not
// compared. "settings" warnings when the measure or the injected slowdown
// differ between two benchgate runs.
std::vector<diff_warning> environment_warnings(const diff_source& old_source,
                                               const diff_source& new_source);

}  // namespace benchgate::compare
