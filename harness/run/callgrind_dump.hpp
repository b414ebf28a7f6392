#pragma once
// Reading callgrind's dump files (`run --measure instructions`). A dump made
// with CALLGRIND_DUMP_STATS_AT(label) says which client request triggered it
// ("desc: Trigger: Client Request: LABEL") and its total event counts
// ("summary: N" in the header, "totals: N" at the end; the first event is Ir,
// instructions executed, the only event callgrind collects by default).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace benchgate::run {

// The instructions (Ir) of one dump, when `text` is a dump triggered by the
// client request `label`; nullopt when the label differs or no total is found.
std::optional<std::int64_t> dump_instructions(std::string_view text, std::string_view label);

}  // namespace benchgate::run
