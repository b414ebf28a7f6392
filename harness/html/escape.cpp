#include "harness/html/escape.hpp"

#include "harness/support/text/xml_escape.hpp"

namespace benchgate::html {

std::string escape(std::string_view text) { return text::xml_escaped(text); }

std::string element(std::string_view tag, std::string_view text) {
  return "<" + std::string(tag) + ">" + escape(text) + "</" + std::string(tag) + ">";
}

}  // namespace benchgate::html
