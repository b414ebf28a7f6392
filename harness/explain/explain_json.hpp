#pragma once
// Explanation JSON (schema benchgate.explain/1, docs/explain.md): the one
// writer and reader.

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/explain/explain_model.hpp"

namespace benchgate::explain {

// The document as pretty-printed JSON text (2-space indent, ends with
// '\n'); absent values are null.
std::string explain_document_to_json_text(const explain_document& d);

// Writes it to `path` atomically; `source` names the option ("--json").
void save_explain_document(const explain_document& d, const std::filesystem::path& path, std::string_view source);

// Reads a document written by save_explain_document (benchgate report
// --explain). Throws input_error naming `source` and the field when it is
// not a benchgate.explain/1 document.
explain_document load_explain_document(const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate::explain
