#pragma once
// Gate verdict JSON (schema benchgate.gate/1, docs/formats.md "The verdict"):
// the one writer.

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// The verdict as pretty-printed JSON text (2-space indent, ends with '\n');
// fields with no value are null.
std::string gate_verdict_to_json_text(const gate_verdict& verdict);

// Writes the verdict to `path` atomically; `source` names the option.
void save_gate_verdict(const gate_verdict& verdict, const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate::gate
