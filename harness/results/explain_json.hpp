#pragma once
// Explanation JSON (schema benchgate.explain/1, docs/explain.md): the one
// writer.

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/results/explain_model.hpp"

namespace benchgate::results {

// The explanation as pretty-printed JSON text (2-space indent, ends with
// '\n'); absent values are null.
std::string explanation_to_json_text(const explanation& e);

// Writes it to `path` atomically; `source` names the option ("--json").
void save_explanation(const explanation& e, const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate::results
