#pragma once
// The explanation block for a gate's Markdown summary (e.g. a GitHub job
// summary, `gate --markdown`): under a heading, for each failing cell
// explained, its instruction change, the assessment and its top functions.

#include <cstddef>
#include <string>

#include "harness/explain/explain_model.hpp"

namespace benchgate::explain {

// Functions shown per cell: the summary stays short; the text report and
// the JSON have the full list.
inline constexpr std::size_t k_markdown_functions = 3;

// The block, ending in '\n'; names in code spans, counts per iteration.
std::string explain_markdown(const explain_document& d);

}  // namespace benchgate::explain
