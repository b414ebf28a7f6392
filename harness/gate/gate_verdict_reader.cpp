#include "harness/gate/gate_verdict_reader.hpp"

#include "harness/gate/gate_model.hpp"
#include "harness/formats/json_reader.hpp"

namespace benchgate::results {

std::vector<failed_cell> read_failed_cells(std::string_view text, std::string_view source) {
  const auto document = parse_json(text, source);
  const object_reader root(document, std::string(source), "");
  const std::string expected = "\"" + std::string(gate_verdict_schema) + "\" (a verdict of 'benchgate gate --json')";
  if (!root.has("schema") || root.string("schema") != gate_verdict_schema) root.fail("schema", expected);
  std::vector<failed_cell> out;
  for (const auto& cell : root.objects("cells")) {
    if (cell.string("status") != "fail") continue;
    failed_cell f;
    f.name = cell.string("name");
    f.metric = cell.string("metric");
    if (cell.has("change_pct")) f.change_pct = cell.object("change_pct").optional_number("estimate");
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace benchgate::results
