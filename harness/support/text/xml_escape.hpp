#pragma once
// Text placed in XML (the report page's XHTML, the flame graphs' SVG):
// escaped so any cell name, function name, path or message shows as
// written and the document stays well-formed.

#include <string>
#include <string_view>

namespace benchgate::text {

// &, <, >, " and ' as character references; control characters other than
// tab, newline and carriage return (not allowed in XML 1.0) as '?'.
std::string xml_escaped(std::string_view text);

}  // namespace benchgate::text
