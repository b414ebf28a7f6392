#pragma once
// Reading JSON documents with messages that say where a value is wrong. Used
// by every reader of every schema (formats/, compare/diff_json, gate/, calibrate/, explain/).

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace benchgate::results {

using json = nlohmann::ordered_json;

// The writers' side: an optional value, or null when there is none.
template <class T>
json or_null(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

// Parses `text`; throws input_error "SOURCE: not valid JSON: ..." otherwise.
// Bare NaN, Infinity and their kin outside strings (Google Benchmark writes
// them; JSON has no such numbers) are read as strings ("NaN"), so that only
// a reader that needs a number there refuses them, naming the field. An
// object that holds one key twice is refused, naming the key.
json parse_json(std::string_view text, std::string_view source);

// Whether `word` is one of those bare words: NaN, -NaN, nan, -nan,
// Infinity, -Infinity, inf, -inf.
bool is_non_finite_word(std::string_view word);

// A short rendering of a JSON value for messages: "abc" -> "\"abc\"", long
// values are cut.
std::string describe(const json& value);

// A JSON object being read. Every accessor throws input_error naming the
// source, the path of the field and what was expected, e.g.
// "old.json: cells[2].samples[0].real_ns: expected a positive number, got \"x\"".
class object_reader {
 public:
  // Throws when `value` is not an object.
  object_reader(const json& value, std::string source, std::string path);

  const json& raw() const { return value_; }
  const std::string& path() const { return path_; }
  bool has(std::string_view key) const;

  std::string string(std::string_view key) const;
  std::optional<std::string> optional_string(std::string_view key) const;  // absent or null
  // A name shown in reports and terminals: a string without control
  // characters (an ESC in a name would be sent to the terminal), non-empty
  // unless `may_be_empty` (a Google Benchmark cell's case and variant).
  std::string name(std::string_view key, bool may_be_empty = false) const;
  double number(std::string_view key) const;
  std::optional<double> optional_number(std::string_view key) const;
  double positive_number(std::string_view key) const;  // finite and > 0
  std::int64_t integer(std::string_view key) const;
  std::uint64_t unsigned_integer(std::string_view key) const;  // >= 0
  bool boolean(std::string_view key) const;
  std::optional<bool> optional_boolean(std::string_view key) const;
  object_reader object(std::string_view key) const;
  // The array at `key`, each element checked to be an object.
  std::vector<object_reader> objects(std::string_view key) const;
  const json& array(std::string_view key) const;
  std::vector<std::string> strings(std::string_view key) const;

  // Throws for any key not in `known` ("unknown key ...; expected one of ...").
  void reject_unknown_keys(std::initializer_list<std::string_view> known) const;

  // Throws input_error for this object's field `key`.
  [[noreturn]] void fail(std::string_view key, std::string_view expected) const;

 private:
  const json& field(std::string_view key) const;  // throws when absent
  std::string where(std::string_view key) const;

  const json& value_;
  std::string source_;
  std::string path_;
};

// The cells in the array at `key`, each read by `read` into a value with a
// `name`; a cell named as an earlier one is refused at its "name" (two
// cells under one name would be pooled, or compared twice).
template <class Read>
auto distinct_cells(const object_reader& parent, std::string_view key, Read read) {
  std::vector<std::decay_t<std::invoke_result_t<Read, const object_reader&>>> cells;
  std::unordered_set<std::string> names;
  for (const auto& element : parent.objects(key)) {
    cells.push_back(read(element));
    if (!names.insert(cells.back().name).second) {
      element.fail("name", "a name not used by an earlier cell (duplicated cell name)");
    }
  }
  return cells;
}

}  // namespace benchgate::results
