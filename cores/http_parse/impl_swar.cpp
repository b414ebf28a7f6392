// The core parser with SWAR scanning of URIs and header values (8 bytes per
// 64-bit word, internal/swar.hpp): portable, always built, the dispatch's
// last resort.

#include "cores/http_parse/internal/generic_parser.hpp"
#include "cores/http_parse/internal/registry.hpp"

namespace cores::http_parse::internal {

namespace {

struct swar_scan {
  static const char* name(const char* p, const char* end, const char* /*floor*/) { return swar::scan_class(p, end, k_tchar); }
  static const char* uri(const char* p, const char* end, const char* /*floor*/) { return swar::scan_uri(p, end); }
  static const char* value(const char* p, const char* end, const char* /*floor*/) { return swar::scan_value(p, end); }
};

using parser = generic_parser<swar_scan>;

constexpr implementation k_swar{
    impl_id::swar, "swar", "the core parser, scanning URIs and values 8 bytes per 64-bit word (SWAR)",
    &parser::parse_request, &parser::parse_response, &swar_scan::name, &swar_scan::uri, &swar_scan::value};

}  // namespace

const implementation& swar_implementation() { return k_swar; }

}  // namespace cores::http_parse::internal
