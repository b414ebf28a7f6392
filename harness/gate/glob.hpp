#pragma once
// Shell-style globs on cell names, as the rules file writes them.

#include <string_view>

namespace benchgate::gate {

// fnmatch(3) without flags: `*` matches any run of characters, '/' included
// (so "*/peer/*" matches "page_iter/peer/row_bytes:8/density:0.1"), `?` one
// character, `[...]` a set (`[!...]` its complement), `\` quotes the next
// character. The whole name must match.
bool glob_match(std::string_view pattern, std::string_view name);

}  // namespace benchgate::gate
