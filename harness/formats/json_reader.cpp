#include "harness/formats/json_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::results {

namespace {

constexpr std::size_t k_max_described_chars = 60;
// Bytes below a space, and DEL, are control characters.
constexpr unsigned char k_first_printable = 0x20;
constexpr unsigned char k_delete = 0x7f;

// The word (letters, '-', '+') ending at or around byte offset `at`: Google
// Benchmark writes NaN and Infinity as bare words, which JSON does not allow.
std::string_view word_at(std::string_view text, std::size_t at) {
  auto is_word = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '-' || c == '+'; };
  at = std::min(at, text.size());
  std::size_t begin = at;
  while (begin > 0 && is_word(text[begin - 1])) --begin;
  std::size_t end = at;
  while (end < text.size() && is_word(text[end])) ++end;
  return text.substr(begin, end - begin);
}

// `text` with every bare non-finite word outside strings written as a
// string ("NaN"), so that JSON can hold it and a reader that needs a number
// there names the field and the word.
std::string with_non_finite_words_quoted(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '-' || c == '+' || std::isalpha(static_cast<unsigned char>(c)) != 0) {
      const auto word = word_at(text, i);  // the whole word i is in
      if (is_non_finite_word(word)) {
        out += '"' + std::string(word) + '"';
        i += word.size() - 1;
        continue;
      }
    }
    out += c;
  }
  return out;
}

[[noreturn]] void throw_parse_error(std::string_view source, const json::parse_error& e) {
  // JSON is UTF-8: a name in another encoding (Google Benchmark writes a
  // name's bytes as they are) is not "truncated".
  if (std::string_view(e.what()).find("UTF-8") != std::string_view::npos) {
    throw input_error(std::string(source) + ": not valid UTF-8 at byte " + std::to_string(e.byte) +
                      " (text in another encoding, e.g. a benchmark name in Latin-1); expected JSON text in UTF-8");
  }
  throw input_error(std::string(source) + ": not valid JSON (truncated or corrupt?) at byte " + std::to_string(e.byte) +
                    ": expected a complete JSON document");
}

// Builds the document as nlohmann's own parser does (nlohmann::json_sax's
// events), and refuses an object that holds one key twice. nlohmann keeps
// the last of them, so a rules file with two "defaults", or a Google
// Benchmark counter named like one of its own fields ("iterations"), would
// lose a value without a word. nlohmann's parser callback could see the keys
// too, but makes parsing seven times slower; this costs nothing measurable.
class checked_builder {
 public:
  explicit checked_builder(std::string_view source) : source_(source) {}

  json take() { return std::move(root_); }

  bool null() { return put(nullptr) != nullptr; }
  bool boolean(bool value) { return put(value) != nullptr; }
  bool number_integer(json::number_integer_t value) { return put(value) != nullptr; }
  bool number_unsigned(json::number_unsigned_t value) { return put(value) != nullptr; }
  bool number_float(json::number_float_t value, const json::string_t& /*text*/) { return put(value) != nullptr; }
  bool string(json::string_t& value) { return put(std::move(value)) != nullptr; }
  bool binary(json::binary_t& value) { return put(json::binary(std::move(value))) != nullptr; }
  bool start_object(std::size_t /*elements*/) {
    open_.push_back(put(json::object()));
    return true;
  }
  bool key(json::string_t& name) {
    json& object = *open_.back();
    const auto before = object.size();
    slot_ = &object[name];
    if (object.size() == before) {
      throw input_error(source_ + ": the key " + json(name).dump() +
                        " appears twice in one object; expected each key once (which of the two is meant?)");
    }
    return true;
  }
  bool end_object() {
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t /*elements*/) {
    open_.push_back(put(json::array()));
    return true;
  }
  bool end_array() {
    open_.pop_back();
    return true;
  }
  // Rethrown as nlohmann's parser throws them, for parse_json to report.
  [[noreturn]] bool parse_error(std::size_t /*byte*/, const std::string& /*token*/, const json::exception& e) {
    if (const auto* syntax = dynamic_cast<const json::parse_error*>(&e)) throw *syntax;
    if (const auto* range = dynamic_cast<const json::out_of_range*>(&e)) throw *range;
    throw input_error(source_ + ": not valid JSON: " + e.what());
  }

 private:
  // Places `value` in the array or at the key being read; returns where it is.
  template <class Value>
  json* put(Value&& value) {
    if (open_.empty()) {
      root_ = json(std::forward<Value>(value));
      return &root_;
    }
    json& parent = *open_.back();
    if (parent.is_array()) {
      parent.emplace_back(std::forward<Value>(value));
      return &parent.back();
    }
    *slot_ = json(std::forward<Value>(value));
    return slot_;
  }

  std::string source_;
  json root_;
  std::vector<json*> open_;  // the objects and arrays being read, innermost last
  json* slot_ = nullptr;     // the value of the key just read
};

json parse_checked(std::string_view text, std::string_view source) {
  checked_builder builder(source);
  json::sax_parse(text.begin(), text.end(), &builder);
  return builder.take();
}

}  // namespace

bool is_non_finite_word(std::string_view word) {
  for (const std::string_view w : {"NaN", "-NaN", "nan", "-nan", "Infinity", "-Infinity", "inf", "-inf"}) {
    if (word == w) return true;
  }
  return false;
}

json parse_json(std::string_view text, std::string_view source) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw input_error(std::string(source) + ": the file is empty; expected a JSON document");
  }
  try {
    try {
      return parse_checked(text, source);
    } catch (const json::parse_error& e) {
      // nlohmann's byte is 1-based: the offending character is at byte - 1.
      if (!is_non_finite_word(word_at(text, e.byte == 0 ? 0 : e.byte - 1))) throw_parse_error(source, e);
    }
    // Google Benchmark writes NaN and Infinity as bare words for values it
    // could not compute (a counter's cv when its mean is 0, a time it could
    // not measure): kept as strings, which no reader takes as a number.
    const auto quoted = with_non_finite_words_quoted(text);
    try {
      return parse_checked(quoted, source);
    } catch (const json::parse_error& e) {
      throw_parse_error(source, e);
    }
  } catch (const json::out_of_range& e) {
    // A number beyond a double's range (e.g. 1e999): nlohmann reports it as
    // "[json.exception.out_of_range.406] number overflow parsing '1e999'".
    std::string what = e.what();
    what.erase(0, what.find("] ") == std::string::npos ? 0 : what.find("] ") + 2);
    throw input_error(std::string(source) + ": " + what + "; expected finite numbers (of magnitude below 1.8e308)");
  }
}

std::string describe(const json& value) {
  auto text = value.dump();
  if (text.size() > k_max_described_chars) text = text.substr(0, k_max_described_chars) + "...";
  return text;
}

object_reader::object_reader(const json& value, std::string source, std::string path)
    : value_(value), source_(std::move(source)), path_(std::move(path)) {
  if (!value_.is_object()) {
    throw input_error(source_ + ": " + (path_.empty() ? "the document" : path_) +
                      ": expected a JSON object, got " + describe(value_));
  }
}

std::string object_reader::where(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

void object_reader::fail(std::string_view key, std::string_view expected) const {
  std::string message = source_ + ": " + where(key) + ": expected " + std::string(expected);
  if (const auto it = value_.find(key); it != value_.end()) {
    message += ", got " + describe(*it);
  } else {
    message += ", but the field is missing";
  }
  throw input_error(message);
}

bool object_reader::has(std::string_view key) const { return value_.contains(key); }

const json& object_reader::field(std::string_view key) const {
  const auto it = value_.find(key);
  if (it == value_.end()) fail(key, "a value");
  return *it;
}

std::string object_reader::string(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_string()) fail(key, "a string");
  return v.get<std::string>();
}

std::string object_reader::name(std::string_view key, bool may_be_empty) const {
  auto text = string(key);
  const bool control = std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < k_first_printable || byte == k_delete;
  });
  if ((text.empty() && !may_be_empty) || control) {
    fail(key, may_be_empty ? "a name without control characters" : "a non-empty name without control characters");
  }
  return text;
}

std::optional<std::string> object_reader::optional_string(std::string_view key) const {
  const auto it = value_.find(key);
  if (it == value_.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) fail(key, "a string or null");
  return it->get<std::string>();
}

double object_reader::number(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_number()) fail(key, "a number");
  const double d = v.get<double>();
  if (!std::isfinite(d)) fail(key, "a finite number");
  return d;
}

std::optional<double> object_reader::optional_number(std::string_view key) const {
  const auto it = value_.find(key);
  if (it == value_.end() || it->is_null()) return std::nullopt;
  return number(key);
}

double object_reader::positive_number(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0) {
    fail(key, "a positive number");
  }
  return v.get<double>();
}

std::int64_t object_reader::integer(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_number_integer()) fail(key, "an integer");
  return v.get<std::int64_t>();
}

std::uint64_t object_reader::unsigned_integer(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
    fail(key, "an integer >= 0");
  }
  return v.get<std::uint64_t>();
}

bool object_reader::boolean(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_boolean()) fail(key, "true or false");
  return v.get<bool>();
}

std::optional<bool> object_reader::optional_boolean(std::string_view key) const {
  const auto it = value_.find(key);
  if (it == value_.end() || it->is_null()) return std::nullopt;
  return boolean(key);
}

object_reader object_reader::object(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_object()) fail(key, "a JSON object");
  return object_reader(v, source_, where(key));
}

const json& object_reader::array(std::string_view key) const {
  const auto& v = field(key);
  if (!v.is_array()) fail(key, "an array");
  return v;
}

std::vector<object_reader> object_reader::objects(std::string_view key) const {
  const auto& items = array(key);
  std::vector<object_reader> out;
  out.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    out.emplace_back(items[i], source_, where(key) + "[" + std::to_string(i) + "]");
  }
  return out;
}

std::vector<std::string> object_reader::strings(std::string_view key) const {
  const auto& items = array(key);
  std::vector<std::string> out;
  for (const auto& item : items) {
    if (!item.is_string()) fail(key, "an array of strings");
    out.push_back(item.get<std::string>());
  }
  return out;
}

void object_reader::reject_unknown_keys(std::initializer_list<std::string_view> known) const {
  for (const auto& [key, unused] : value_.items()) {
    bool found = false;
    for (const auto k : known) found = found || k == key;
    if (found) continue;
    std::string list;
    for (const auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    throw input_error(source_ + ": " + where(key) + ": unknown key; expected one of " + list);
  }
}

}  // namespace benchgate::results
