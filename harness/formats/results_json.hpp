#pragma once
// Results JSON (schema benchgate.results/1): the one reader and writer.
// The schema is documented in docs/formats.md, "Results JSON".

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/formats/json_reader.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::results {

// The results as pretty-printed JSON text (2-space indent, ends with '\n').
std::string to_json_text(const run_results& results);

// Parses results JSON text. Throws input_error naming `source` when the text
// is not JSON, has another schema or version, or a field is missing or wrong.
run_results parse_results(std::string_view text, std::string_view source);

// The same from a parsed document.
run_results results_from_json(const json& document, std::string_view source);

// Writes `results` to `path` atomically; `source` names the option that gave
// the path, for messages.
void save_results(const run_results& results, const std::filesystem::path& path,
                  std::string_view source);

// Reads a results file; `source` names where the path came from.
run_results load_results(const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate::results
