#include "harness/formats/input_loader.hpp"

#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/formats/gbench_json.hpp"
#include "harness/formats/json_reader.hpp"
#include "harness/formats/results_json.hpp"
#include "harness/formats/schemas.hpp"

namespace benchgate::results {

loaded_results parse_any_results(std::string_view text, std::string_view source) {
  const auto document = parse_json(text, source);
  const std::string expected = std::string("expected benchgate results (\"schema\": \"") + results_schema +
                               "\") or Google Benchmark JSON (a \"benchmarks\" array)";
  if (!document.is_object()) {
    throw input_error(std::string(source) + ": the document is not a JSON object; " + expected);
  }
  if (const auto schema = document.find("schema"); schema != document.end()) {
    if (*schema == diff_schema) {
      throw input_error(std::string(source) + ": is a comparison (\"schema\": \"" + diff_schema +
                        "\"), not results; " + expected);
    }
    // Another version of our own schema: say so, rather than "unknown".
    const std::string family = std::string(results_schema).substr(0, std::string(results_schema).find('/') + 1);
    if (schema->is_string() && *schema != results_schema && schema->get<std::string>().rfind(family, 0) == 0) {
      throw input_error(std::string(source) + ": \"schema\": " + describe(*schema) +
                        " is another version of benchgate results (another benchgate wrote it); expected \"" +
                        results_schema + "\": compare with the benchgate that wrote the file, or rerun the "
                        "benchmarks with this one");
    }
    if (*schema != results_schema) {
      throw input_error(std::string(source) + ": unknown \"schema\": " + describe(*schema) + "; " + expected);
    }
    return {results_from_json(document, source), results_schema};
  }
  if (const auto benchmarks = document.find("benchmarks");
      benchmarks != document.end() && benchmarks->is_array()) {
    return {gbench_from_json(document, source), gbench_format};
  }
  throw input_error(std::string(source) + ": neither a \"schema\" nor a \"benchmarks\" array; " + expected);
}

loaded_results load_any_results(const std::filesystem::path& path, std::string_view source) {
  const std::string where = std::string(source) + " " + path.string();
  return parse_any_results(files::read_file(path, source), where);
}

document_kind detect_document_kind(std::string_view text, std::string_view source) {
  const auto document = parse_json(text, source);
  if (document.is_object()) {
    const auto schema = document.find("schema");
    if (schema != document.end() && *schema == diff_schema) return document_kind::diff;
  }
  return document_kind::results;
}

}  // namespace benchgate::results
