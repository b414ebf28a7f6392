#pragma once
// Loads a file of benchmark results whatever its kind: benchgate results
// JSON or plain Google Benchmark JSON, told apart by their content.

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/formats/model.hpp"

namespace benchgate::results {

struct loaded_results {
  run_results results;
  std::string format;  // results_schema ("benchgate.results/1") or gbench_format
};

// Parses `text`: a document with "schema": "benchgate.results/1" is benchgate
// results; one with a "benchmarks" array is Google Benchmark JSON. Throws
// input_error naming `source` for anything else (a diff file, another
// schema, not JSON), saying which kinds are accepted.
loaded_results parse_any_results(std::string_view text, std::string_view source);

// Reads and parses the file at `path`; `source` names where the path came
// from (e.g. "OLD").
loaded_results load_any_results(const std::filesystem::path& path, std::string_view source);

// Tells a diff file from a results file before loading it, for commands
// that take either (benchgate plot).
enum class document_kind {
  results,  // benchgate results or Google Benchmark JSON: parse_any_results
  diff,     // "schema": "benchgate.diff/1": load with diff_json.hpp
};

// The kind of the JSON document `text`. Anything that is not a diff is
// reported as results, so the results loader gives its own precise message.
// Throws input_error naming `source` when `text` is not JSON.
document_kind detect_document_kind(std::string_view text, std::string_view source);

}  // namespace benchgate::results
