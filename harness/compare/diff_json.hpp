#pragma once
// Diff JSON (schema benchgate.diff/1): the one reader and writer. The schema
// is documented in docs/formats.md, "The diff".

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/compare/diff_model.hpp"

namespace benchgate::compare {

// The diff as pretty-printed JSON text (2-space indent, ends with '\n').
// Every number is finite; fields with no value are null.
std::string diff_to_json_text(const diff& d);

// Parses diff JSON text. Throws input_error naming `source` when the text is
// not JSON, has another schema, or a field is missing or wrong.
diff parse_diff(std::string_view text, std::string_view source);

// Writes `d` to `path` atomically; `source` names the option that gave the
// path (e.g. "--json"), for messages.
void save_diff(const diff& d, const std::filesystem::path& path, std::string_view source);

// Reads a diff file; `source` names where the path came from.
diff load_diff(const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate::compare
