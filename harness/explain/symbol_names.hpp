#pragma once
// Function names as a reader wants them: demangled (abi::__cxa_demangle,
// the Itanium C++ ABI's demangler that GCC and Clang ship) and trimmed, so
// a template instantiation fits one line of a table.

#include <cstddef>
#include <string>
#include <string_view>

namespace benchgate::explain {

// Longest name kept as it is; longer ones lose their template arguments.
inline constexpr std::size_t k_max_name_chars = 100;

// `symbol` demangled when it is a mangled C++ name (_Z...), as it is otherwise
// (a C name, callgrind's "0x..." for code without a symbol). Never throws on
// a malformed name: it comes back unchanged.
std::string demangle(std::string_view symbol);

// `name` shortened to about `max_chars`: std::string's spelled-out type
// becomes std::string, then, when still too long, every template argument
// list is written <...> (operator<, operator<< and operator<=> are kept),
// then the parameter list (...). Names that fit are returned unchanged.
std::string trim_name(std::string_view name, std::size_t max_chars = k_max_name_chars);

// True for callgrind's name of code without a symbol ("0x000000000040a1b2").
bool is_address_name(std::string_view name);

}  // namespace benchgate::explain
