#include "harness/results/document_kind.hpp"

#include "harness/results/diff_model.hpp"
#include "harness/results/json_reader.hpp"

namespace benchgate::results {

document_kind detect_document_kind(std::string_view text, std::string_view source) {
  const auto document = parse_json(text, source);
  if (document.is_object()) {
    const auto schema = document.find("schema");
    if (schema != document.end() && *schema == diff_schema) return document_kind::diff;
  }
  return document_kind::results;
}

}  // namespace benchgate::results
