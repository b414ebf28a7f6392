#include "harness/history/csv_table.hpp"

#include "harness/support/errors/input_error.hpp"

namespace benchgate::history {

std::vector<csv_row> read_csv(std::string_view text, const std::string& source) {
  std::vector<csv_row> rows;
  csv_row row;
  std::string field;
  std::size_t line = 1;
  std::size_t i = 0;
  bool row_started = false;
  const auto end_row = [&] {
    row.fields.push_back(std::move(field));
    field.clear();
    // A blank line is no row (a trailing newline, or spacing between blocks).
    if (row.fields.size() > 1 || !row.fields.front().empty()) rows.push_back(std::move(row));
    row = {};
    row_started = false;
  };
  while (i < text.size()) {
    if (!row_started) {
      row.line = line;
      row_started = true;
    }
    const char c = text[i];
    if (c == '"' && field.empty()) {
      const std::size_t opened = line;
      ++i;
      for (;;) {
        if (i >= text.size()) {
          throw input_error(source + ":" + std::to_string(opened) + ": a quoted field is never closed");
        }
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        if (text[i] == '\n') ++line;
        field += text[i++];
      }
      if (i < text.size() && text[i] != ',' && text[i] != '\n' && !(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
        throw input_error(source + ":" + std::to_string(line) + ": text after a closing quote; expected a comma or "
                          "the end of the line (a quote inside a quoted field is written twice: \"\")");
      }
      continue;
    }
    if (c == ',') {
      row.fields.push_back(std::move(field));
      field.clear();
      ++i;
    } else if (c == '\n' || (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
      end_row();
      i += c == '\r' ? 2 : 1;
      ++line;
    } else {
      field += c;
      ++i;
    }
  }
  if (row_started) end_row();
  return rows;
}

}  // namespace benchgate::history
