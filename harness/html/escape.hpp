#pragma once
// Text placed in the page: escaped so any cell name, path or message shows
// as written and the page stays well-formed XHTML.

#include <string>
#include <string_view>

namespace benchgate::html {

// text::xml_escaped (support/text/xml_escape.hpp): &, <, >, " and ' as
// character references; control characters as '?'.
std::string escape(std::string_view text);

// <TAG>escaped text</TAG>, e.g. element("td", "a<b").
std::string element(std::string_view tag, std::string_view text);

}  // namespace benchgate::html
