#pragma once
// The environment and settings of a run as JSON objects: shared by results
// JSON and diff JSON (which records both sides' environments), so that the
// two schemas spell them the same way.

#include <optional>

#include "harness/formats/json_reader.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::results {

// The value, or null.
template <class T>
json optional_to_json(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json environment_to_json(const environment& env);
// Reads what environment_to_json writes; absent or null fields stay unset.
// Throws input_error naming the field when one has the wrong type.
environment environment_from_json(const object_reader& r);

json settings_to_json(const settings& s);
// Reads what settings_to_json writes. Throws input_error naming the field
// when one is missing or wrong.
settings settings_from_json(const object_reader& r);

}  // namespace benchgate::results
