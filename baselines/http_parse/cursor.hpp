#pragma once
// The baseline's read position: httparse's Bytes before the PR. Every byte
// read checks the bound and moves the position by one, which is what the
// seed PR's word compare and the core's scanners remove.

#include <cstddef>
#include <optional>
#include <string_view>

namespace baselines::http_parse {

class cursor {
 public:
  explicit cursor(std::string_view input) : input_(input) {}

  // The byte at the position, or nullopt at the end.
  std::optional<unsigned char> peek() const {
    if (pos_ >= input_.size()) return std::nullopt;
    return static_cast<unsigned char>(input_[pos_]);
  }

  // Moves past one byte. Precondition: peek() has a value.
  void bump() { ++pos_; }

  // The byte at the position and moves past it, or nullopt at the end.
  std::optional<unsigned char> next() {
    const auto b = peek();
    if (b) bump();
    return b;
  }

  // Bytes read so far, and bytes left.
  std::size_t pos() const { return pos_; }
  std::size_t remaining() const { return input_.size() - pos_; }

  // Where the position is in the input (for word reads); valid for
  // remaining() bytes.
  const char* here() const { return input_.data() + pos_; }

  // Moves past n bytes. Precondition: n <= remaining().
  void advance(std::size_t n) { pos_ += n; }

  // The input bytes [from, to). Precondition: from <= to <= input size.
  std::string_view slice(std::size_t from, std::size_t to) const { return input_.substr(from, to - from); }

 private:
  std::string_view input_;
  std::size_t pos_ = 0;
};

}  // namespace baselines::http_parse
