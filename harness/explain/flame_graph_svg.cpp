#include "harness/explain/flame_graph_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string_view>

#include "harness/support/text/xml_escape.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::explain {

namespace {

// Layout in pixels, as flamegraph.pl's defaults (1200 wide, 16-pixel frames, 12-pixel text).
constexpr double k_width_px = 1200;
constexpr double k_side_px = 10;
constexpr double k_frame_px = 16;
constexpr double k_header_px = 56;
constexpr double k_footer_px = 10;
constexpr double k_font_px = 12;
// Average glyph width of the 12-pixel font, to cut labels that would not fit.
constexpr double k_glyph_px = 7;
// Frames narrower than this are not drawn (they could not be seen or hovered).
constexpr double k_min_frame_px = 0.1;
// Unchanged frames and the palest and deepest shade of a change (0-255).
constexpr int k_grey = 225;
constexpr double k_palest = 215;
constexpr double k_deepest = 35;

std::string number(double value, const char* format = "%.1f") {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string change_text(double old_value, double new_value) {
  std::string out = number(new_value - old_value, "%+.1f");
  if (old_value > 0) out += ", " + number(units::k_percent * (new_value - old_value) / old_value, "%+.1f") + " %";
  return out;
}

std::size_t depth_of(const flame_frame& f) {
  std::size_t deepest = 0;
  for (const auto& c : f.children) deepest = std::max(deepest, depth_of(c));
  return deepest + 1;
}

struct layout {
  double px_per_instruction;
  double bottom;  // y of the root frame's bottom edge
  double tolerance;
};

void draw(const flame_frame& f, double x, std::size_t depth, const layout& l, std::string& out) {
  const double width = f.new_cost * l.px_per_instruction;
  if (width < k_min_frame_px) return;
  const double y = l.bottom - static_cast<double>(depth + 1) * k_frame_px;
  const auto colour = change_colour(f.old_self, f.new_self, l.tolerance);
  out += "<g><title>" + text::xml_escaped(f.name) + "\ninclusive: old " + number(f.old_cost) + ", new " + number(f.new_cost) +
         " (" + change_text(f.old_cost, f.new_cost) + ")\nself: old " + number(f.old_self) + ", new " +
         number(f.new_self) + " (" + change_text(f.old_self, f.new_self) + ")\ninstructions per iteration</title>";
  out += "<rect x=\"" + number(x, "%.2f") + "\" y=\"" + number(y) + "\" width=\"" + number(width, "%.2f") +
         "\" height=\"" + number(k_frame_px - 1) + "\" rx=\"2\" fill=\"rgb(" + std::to_string(colour.r) + "," +
         std::to_string(colour.g) + "," + std::to_string(colour.b) + ")\"/>";
  const auto fits = static_cast<std::size_t>(std::max(0.0, (width - 6) / k_glyph_px));
  if (fits >= 3) {
    const auto label = f.name.size() <= fits ? f.name : f.name.substr(0, fits - 2) + "..";
    out += "<text x=\"" + number(x + 3, "%.2f") + "\" y=\"" + number(y + k_frame_px - 4) + "\">" + text::xml_escaped(label) +
           "</text>";
  }
  out += "</g>\n";
  double child_x = x;
  for (const auto& c : f.children) {
    draw(c, child_x, depth + 1, l, out);
    child_x += c.new_cost * l.px_per_instruction;
  }
}

}  // namespace

rgb change_colour(double old_self, double new_self, double tolerance) {
  const double change = new_self - old_self;
  if (std::abs(change) <= tolerance) return {k_grey, k_grey, k_grey};
  const double relative = old_self > 0 ? std::abs(change) / old_self : std::numeric_limits<double>::infinity();
  const double intensity = std::clamp(relative / k_full_colour_change, k_min_colour_intensity, 1.0);
  const int shade = static_cast<int>(std::lround(k_palest - (k_palest - k_deepest) * intensity));
  if (change > 0) return {255, shade, shade};
  return {shade, shade, 255};
}

std::string flame_graph_svg(const flame_frame& root, const std::string& cell, double tolerance) {
  const std::size_t depth = depth_of(root);
  const double height = k_header_px + static_cast<double>(depth) * k_frame_px + k_footer_px;
  layout l{root.new_cost > 0 ? (k_width_px - 2 * k_side_px) / root.new_cost : 0, height - k_footer_px, tolerance};
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + number(k_width_px, "%.0f") +
         "\" height=\"" + number(height, "%.0f") + "\" viewBox=\"0 0 " + number(k_width_px, "%.0f") + " " +
         number(height, "%.0f") + "\" font-family=\"Verdana, sans-serif\" font-size=\"" + number(k_font_px, "%.0f") +
         "\">\n";
  out += "<title>differential flame graph: " + text::xml_escaped(cell) + "</title>\n";
  out += "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"rgb(250,250,250)\"/>\n";
  out += "<text x=\"" + number(k_width_px / 2, "%.0f") + "\" y=\"20\" text-anchor=\"middle\" font-size=\"16\">" +
         text::xml_escaped(cell) + ": " + number(root.old_cost) + " \xe2\x86\x92 " + number(root.new_cost) +
         " instructions per iteration (" + change_text(root.old_cost, root.new_cost) + ")</text>\n";
  out += "<text x=\"" + number(k_width_px / 2, "%.0f") +
         "\" y=\"40\" text-anchor=\"middle\" fill=\"rgb(90,90,90)\">width: NEW inclusive cost; colour: own (self) "
         "cost against OLD, red more, blue fewer, grey unchanged; stacks reconstructed from callgrind's call graph "
         "(approximate); hover for counts</text>\n";
  draw(root, k_side_px, 0, l, out);
  out += "</svg>\n";
  return out;
}

}  // namespace benchgate::explain
