#include "harness/html/escape.hpp"

namespace benchgate::html {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        // Control characters are not allowed in XHTML: shown as '?'.
        out += (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') ? '?' : c;
    }
  }
  return out;
}

std::string element(std::string_view tag, std::string_view text) {
  return "<" + std::string(tag) + ">" + escape(text) + "</" + std::string(tag) + ">";
}

}  // namespace benchgate::html
