#include "harness/explain/callgrind_profile.hpp"

#include <optional>
#include <unordered_map>
#include <vector>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::explain {

namespace {

// The names a file can give an id to, each kind with its own ids ("Name
// Compression" in the format specification): objects (ob=, cob=), files
// (fl=, fi=, fe=, cfi=, cfl=) and functions (fn=, cfn=).
enum class name_kind { object, file, function };

class profile_reader {
 public:
  explicit profile_reader(std::string_view source) : source_(source) {}

  void read_line(std::string_view line, std::int64_t number) {
    number_ = number;
    if (line.empty() || line.front() == '#') return;
    if (expect_call_cost_) {
      expect_call_cost_ = false;
      add_call_cost(line);
      return;
    }
    if (expect_jump_position_) {
      expect_jump_position_ = false;
      read_positions(line);
      return;
    }
    const char first = line.front();
    if ((first >= '0' && first <= '9') || first == '+' || first == '-' || first == '*') {
      add_self_cost(line);
      return;
    }
    const auto equals = line.find('=');
    const auto colon = line.find(':');
    if (equals != std::string_view::npos && (colon == std::string_view::npos || equals < colon)) {
      read_specification(line.substr(0, equals), line.substr(equals + 1));
      return;
    }
    if (colon != std::string_view::npos) {
      read_header(line.substr(0, colon), trimmed(line.substr(colon + 1)));
      return;
    }
    fail("'" + std::string(line.substr(0, 40)) + "'", "a header line (key: value), a specification (key=value) or a cost line");
  }

  callgrind_profile finish() {
    if (!ir_column_) fail("the end of the file", "an 'events:' line naming Ir");
    if (!profile_.total_set_) {
      std::int64_t sum = 0;
      for (const auto& [name, cost] : profile_.result.functions) sum = checked_sum(sum, cost.self);
      profile_.result.total = sum;
    }
    return std::move(profile_.result);
  }

 private:
  struct partial_profile {
    callgrind_profile result;
    bool total_set_ = false;
  };

  [[noreturn]] void fail(const std::string& value, const std::string& expected) const {
    throw input_error(std::string(source_) + ": line " + std::to_string(number_) + ": " + value + ": expected " +
                      expected);
  }

  static std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  }

  std::int64_t checked_sum(std::int64_t a, std::int64_t b) const {
    std::int64_t out = 0;
    if (__builtin_add_overflow(a, b, &out)) fail(std::to_string(a) + " + " + std::to_string(b), "a sum that fits 64 bits");
    return out;
  }

  // A decimal count or a 0x-prefixed hexadecimal one (positions may be either).
  std::int64_t number(std::string_view text, bool hex_allowed) const {
    if (hex_allowed && text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
      std::uint64_t value = 0;
      for (const char c : text.substr(2)) {
        int digit = -1;
        if (c >= '0' && c <= '9') digit = c - '0';
        if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
        if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
        if (digit < 0 || value > (UINT64_MAX >> 4)) fail("'" + std::string(text) + "'", "a hexadecimal number");
        value = value * 16 + static_cast<std::uint64_t>(digit);
      }
      // An address (positions: instr): user-space addresses fit 47 bits, so
      // the mask changes none and keeps a hostile file from overflowing.
      return static_cast<std::int64_t>(value & k_position_mask);
    }
    const auto value = text::parse_int(text);
    if (!value || *value < 0) fail("'" + std::string(text) + "'", "a count >= 0");
    return *value;
  }

  void read_header(std::string_view key, std::string_view value) {
    if (key == "events") {
      std::size_t column = 0;
      ir_column_.reset();
      for (auto rest = value; !rest.empty(); ++column) {
        const auto space = rest.find(' ');
        if (rest.substr(0, space) == "Ir" && !ir_column_) ir_column_ = column;
        rest = space == std::string_view::npos ? std::string_view{} : trimmed(rest.substr(space + 1));
      }
      if (!ir_column_) fail("events: " + std::string(value), "an event list that includes Ir");
      cache_columns_ = run::find_cache_columns(value);
      profile_.result.has_cache = cache_columns_.has_value();
    } else if (key == "positions") {
      position_columns_ = 0;
      for (auto rest = value; !rest.empty(); ++position_columns_) {
        const auto space = rest.find(' ');
        rest = space == std::string_view::npos ? std::string_view{} : trimmed(rest.substr(space + 1));
      }
      if (position_columns_ == 0 || position_columns_ > k_max_position_columns) {
        fail("positions: " + std::string(value), "1 to 2 position kinds (instr, line)");
      }
      line_column_ = value.find("line") == std::string_view::npos ? std::nullopt
                                                                     : std::optional<std::size_t>(position_columns_ - 1);
      previous_.assign(position_columns_, 0);
    } else if (key == "desc" && value.starts_with(k_trigger)) {
      profile_.result.trigger = std::string(value.substr(k_trigger.size()));
    } else if (key == "totals" || (key == "summary" && !profile_.total_set_)) {
      const auto costs = split(value);
      if (!ir_column_) fail(std::string(key) + ": " + std::string(value), "an 'events:' line before it");
      profile_.result.total = *ir_column_ < costs.size() ? number(costs[*ir_column_], false) : 0;
      profile_.total_set_ = true;
    }
    // Every other header (version, creator, pid, cmd, part, ...) says nothing about costs.
  }

  // "(id) name", "(id)" or "name".
  std::string resolve(name_kind kind, std::string_view value) {
    auto& ids = names_[static_cast<int>(kind)];
    if (value.empty() || value.front() != '(') return std::string(value);
    const auto close = value.find(')');
    if (close == std::string_view::npos) fail("'" + std::string(value) + "'", "a name id '(N)' with its closing ')'");
    const auto id = number(value.substr(1, close - 1), false);
    const auto name = trimmed(value.substr(close + 1));
    if (!name.empty()) {
      ids[id] = std::string(name);
      return std::string(name);
    }
    const auto found = ids.find(id);
    if (found == ids.end()) fail("'(" + std::to_string(id) + ")'", "a name id defined earlier in the file");
    return found->second;
  }

  void read_specification(std::string_view key, std::string_view value) {
    if (key == "ob" || key == "cob") {
      resolve(name_kind::object, value);
    } else if (key == "fl") {
      function_file_ = resolve(name_kind::file, value);
      file_ = function_file_;
    } else if (key == "fi" || key == "fe") {
      file_ = resolve(name_kind::file, value);
    } else if (key == "cfi" || key == "cfl") {
      resolve(name_kind::file, value);
    } else if (key == "fn") {
      function_ = &profile_.result.functions[resolve(name_kind::function, value)];
      file_ = function_file_;
    } else if (key == "cfn") {
      callee_ = resolve(name_kind::function, value);
    } else if (key == "calls") {
      if (function_ == nullptr) fail("calls=" + std::string(value), "a 'fn=' line before it");
      expect_call_cost_ = true;
    } else if (key == "jump" || key == "jcnd") {
      expect_jump_position_ = true;
    }
    // Unknown specifications are skipped: newer callgrind versions may add some.
  }

  std::vector<std::string_view> split(std::string_view line) const {
    std::vector<std::string_view> out;
    for (auto rest = trimmed(line); !rest.empty();) {
      const auto space = rest.find_first_of(" \t");
      out.push_back(rest.substr(0, space));
      rest = space == std::string_view::npos ? std::string_view{} : trimmed(rest.substr(space + 1));
    }
    return out;
  }

  // Reads the position columns ("Subposition Compression": +N, -N, * relative
  // to the previous line) and returns the remaining fields, the costs.
  std::vector<std::string_view> read_positions(std::string_view line) {
    auto fields = split(line);
    if (fields.size() < position_columns_) fail("'" + std::string(line.substr(0, 40)) + "'", "a position for each of the 'positions:'");
    for (std::size_t i = 0; i < position_columns_; ++i) {
      const auto f = fields[i];
      if (f == "*") continue;
      if (f.front() == '+' || f.front() == '-') {
        const auto delta = number(f.substr(1), true);
        previous_[i] = checked_sum(previous_[i], f.front() == '+' ? delta : -delta);
      } else {
        previous_[i] = number(f, true);
      }
    }
    fields.erase(fields.begin(), fields.begin() + static_cast<std::ptrdiff_t>(position_columns_));
    return fields;
  }

  std::int64_t instructions(const std::vector<std::string_view>& costs) const {
    if (!ir_column_) fail("a cost line", "an 'events:' line before it");
    return *ir_column_ < costs.size() ? number(costs[*ir_column_], false) : 0;
  }

  void add_self_cost(std::string_view line) {
    if (function_ == nullptr) fail("a cost line", "a 'fn=' line before it");
    const auto costs = read_positions(line);
    const auto ir = instructions(costs);
    if (cache_columns_) {
      for (std::size_t i = 0; i < cache_columns_->size(); ++i) {
        const auto column = (*cache_columns_)[i];
        // A cost line may leave out trailing zero counts.
        if (column < costs.size()) {
          function_->cache.counts[i] = checked_sum(function_->cache.counts[i], number(costs[column], false));
        }
      }
    }
    function_->self = checked_sum(function_->self, ir);
    function_->inclusive = checked_sum(function_->inclusive, ir);
    const std::int64_t line_number = line_column_ ? previous_[*line_column_] : 0;
    auto& at_line = function_->lines[{file_, line_number}];
    at_line = checked_sum(at_line, ir);
  }

  void add_call_cost(std::string_view line) {
    const auto ir = instructions(read_positions(line));
    function_->inclusive = checked_sum(function_->inclusive, ir);
    auto& edge = function_->calls[callee_];
    edge = checked_sum(edge, ir);
  }

  static constexpr std::string_view k_trigger = "Trigger: ";
  static constexpr std::size_t k_max_position_columns = 2;
  static constexpr std::uint64_t k_position_mask = (std::uint64_t{1} << 62) - 1;

  std::string_view source_;
  std::int64_t number_ = 0;
  partial_profile profile_;
  std::optional<std::size_t> ir_column_;
  std::optional<run::cache_columns> cache_columns_;
  std::size_t position_columns_ = 1;  // "positions: line" unless the file says otherwise
  std::optional<std::size_t> line_column_ = 0;
  std::vector<std::int64_t> previous_ = std::vector<std::int64_t>(1, 0);
  std::unordered_map<std::int64_t, std::string> names_[3];
  std::string function_file_;
  std::string file_;
  std::string callee_;  // the last cfn=: whom the next calls= line calls
  function_cost* function_ = nullptr;
  bool expect_call_cost_ = false;
  bool expect_jump_position_ = false;
};

}  // namespace

callgrind_profile parse_callgrind_profile(std::string_view text, std::string_view source) {
  profile_reader reader(source);
  std::int64_t number = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    auto line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    reader.read_line(line, ++number);
  }
  return reader.finish();
}

}  // namespace benchgate::explain
