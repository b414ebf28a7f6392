#include "harness/charts/gnuplot_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace benchgate::charts {

std::string gp_quote(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') out += "''";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out + "'";
}

std::string gp_quote_lines(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '\n') out += "\\n";
    else if (c == '"' || c == '\\') out += std::string("\\") + c;
    // gnuplot runs `...` in a double-quoted string as a shell command before
    // it reads the string; the octal escape is the character, never run.
    else if (c == '`') out += "\\140";
    else out += c;
  }
  return out + "\"";
}

std::string data_label(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '\'';
    else if (c == '\\') out += '/';
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out + "\"";
}

std::string gp_number(double value) {
  if (!std::isfinite(value)) return "NaN";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

std::string full_script(const chart& c) {
  const auto size = std::to_string(c.width_px) + "," + std::to_string(c.height_px);
  auto title = c.title;
  std::replace(title.begin(), title.end(), '\n', ' ');  // one comment line
  return "# benchgate chart: " + title +
         "\n"
         "# Data: " + c.stem + ".dat. Re-render with: gnuplot " + c.stem + ".gp (in this folder);\n"
         "# it writes " + c.stem + ".svg and " + c.stem + ".png.\n"
         "if (!exists(\"output_stem\")) output_stem = " + gp_quote(c.stem) +
         "\n"
         "do for [format in \"svg png\"] {\n"
         "  reset\n"
         "  set encoding utf8\n"
         "  if (format eq \"svg\") {\n"
         "    set terminal svg size " + size + " noenhanced font \"sans,12\" background rgb \"white\"\n"
         "  } else {\n"
         "    set terminal pngcairo size " + size + " noenhanced font \"sans,10\" background rgb \"white\"\n"
         "  }\n"
         "  set output output_stem.\".\".format\n" +
         c.body +
         "  unset output\n"
         "}\n";
}

}  // namespace benchgate::charts
