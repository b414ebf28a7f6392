// The core parser with one-byte-at-a-time table scanning: the core's
// structure and word-compare version check without wide scanning, to show
// what the scanners add.

#include "cores/http_parse/internal/generic_parser.hpp"
#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse::internal {

namespace {

struct scalar_scan {
  static const char* name(const char* p, const char* end, const char* /*floor*/) { return swar::scan_class(p, end, k_tchar); }
  static const char* uri(const char* p, const char* end, const char* /*floor*/) { return swar::scan_class(p, end, k_uri_byte); }
  static const char* value(const char* p, const char* end, const char* /*floor*/) { return swar::scan_class(p, end, k_value_byte); }
};

using parser = generic_parser<scalar_scan>;

constexpr implementation k_scalar{
    impl_id::scalar, "scalar", "the core parser, scanning one byte at a time through a 256-entry table",
    &parser::parse_request, &parser::parse_response, &scalar_scan::name, &scalar_scan::uri, &scalar_scan::value};

}  // namespace

const implementation& scalar_implementation() { return k_scalar; }

}  // namespace cores::http_parse::internal
