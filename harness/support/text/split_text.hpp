#pragma once
// Splitting a name into its parts ("case/variant/axis:value" at '/').

#include <string>
#include <string_view>
#include <vector>

namespace benchgate::text {

// The parts of `text` between `separator`s, empty ones included:
// "a//b" -> {"a", "", "b"}; "" -> {""}.
std::vector<std::string> split(std::string_view text, char separator);

}  // namespace benchgate::text
