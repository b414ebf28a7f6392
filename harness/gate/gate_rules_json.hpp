#pragma once
// Rules files (schema benchgate.rules/1, docs/gate.md "Rules file"): the one
// reader. Unknown keys anywhere are errors naming the key and its path.

#include <filesystem>
#include <string_view>

#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// Parses rules JSON text. Throws input_error naming `source`, the path of
// the field ("rules[1].fail") and what was expected.
gate_rules parse_gate_rules(std::string_view text, std::string_view source);

// Reads and parses the rules file at `path`; `source` names where the path
// came from (e.g. "--rules").
gate_rules load_gate_rules(const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate::gate
