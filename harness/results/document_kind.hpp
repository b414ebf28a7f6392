#pragma once
// Tells a diff file from a results file before loading it, for commands that
// take either (benchgate plot).

#include <string_view>

namespace benchgate::results {

enum class document_kind {
  results,  // benchgate results or Google Benchmark JSON: load with input_loader.hpp
  diff,     // "schema": "benchgate.diff/1": load with diff_json.hpp
};

// The kind of the JSON document `text`. Anything that is not a diff is
// reported as results, so the results loader gives its own precise message.
// Throws input_error naming `source` when `text` is not JSON.
document_kind detect_document_kind(std::string_view text, std::string_view source);

}  // namespace benchgate::results
