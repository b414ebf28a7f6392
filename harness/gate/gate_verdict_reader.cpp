#include "harness/gate/gate_verdict_reader.hpp"

#include "harness/gate/gate_model.hpp"
#include "harness/formats/json_reader.hpp"

namespace benchgate::gate {

namespace {

// The cells of a verdict document, after checking its schema.
std::vector<results::object_reader> verdict_cells(const results::json& document, std::string_view source) {
  const results::object_reader root(document, std::string(source), "");
  const std::string expected = "\"" + std::string(gate_verdict_schema) + "\" (a verdict of 'benchgate gate --json')";
  if (!root.has("schema") || root.string("schema") != gate_verdict_schema) root.fail("schema", expected);
  return root.objects("cells");
}

}  // namespace

std::vector<failed_cell> read_failed_cells(std::string_view text, std::string_view source) {
  const auto document = results::parse_json(text, source);
  std::vector<failed_cell> out;
  for (const auto& cell : verdict_cells(document, source)) {
    if (cell.string("status") != "fail") continue;
    failed_cell f;
    f.name = cell.string("name");
    f.metric = cell.string("metric");
    if (cell.has("change_pct")) f.change_pct = cell.object("change_pct").optional_number("estimate");
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<verdict_cell> read_verdict_cells(std::string_view text, std::string_view source) {
  const auto document = results::parse_json(text, source);
  std::vector<verdict_cell> out;
  for (const auto& cell : verdict_cells(document, source)) out.push_back({cell.string("name"), cell.string("status")});
  return out;
}

}  // namespace benchgate::gate
