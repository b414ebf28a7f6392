#pragma once
// A CSV text read into rows of fields (RFC 4180: fields separated by
// commas, quoted with '"' when they hold commas, quotes or line breaks, a
// quote doubled inside quotes; LF or CRLF line ends). The one CSV reader:
// `history import` reads series and lists of result files with it.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace benchgate::history {

struct csv_row {
  std::size_t line = 0;  // 1-based line of the row's first character
  std::vector<std::string> fields;
};

// Every non-empty row of `text` (a line with nothing on it is skipped).
// Throws input_error "SOURCE:LINE: ..." for a quote that is never closed,
// or text right after a closing quote. `source` names the file in messages.
std::vector<csv_row> read_csv(std::string_view text, const std::string& source);

}  // namespace benchgate::history
