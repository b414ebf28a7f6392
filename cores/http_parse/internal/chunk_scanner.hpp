#pragma once
// A scan policy for block scanners that classifies the input once, in
// 64-byte chunks on a grid anchored at the input's first byte, and answers
// every scan from the current chunk's bit masks.
//
// Why: a scan that loads a block at p and ends with a count of trailing zeros
// makes the next scan's address depend on this one's result, so the parse of
// a head with many short fields is one long chain of load -> compare ->
// movemask -> tzcnt latencies (slower than a byte loop whose exits the branch
// predictor guesses). With per-chunk masks the loads sit on a fixed grid (the
// next chunk is always 64 bytes on), and a scan inside a classified chunk is a
// shift and a count of trailing zeros. This is simdjson's idea of separating
// classification from parsing (Langdale and Lemire, "Parsing Gigabytes of
// JSON per Second", VLDB Journal 2019), on a lazily advanced window.
//
// Classifier: struct { static chunk_masks classify(const char* p); } reading
// exactly 64 bytes at p. The last, partial chunk is classified from a
// zero-padded copy, so nothing past `end` is read; zero is in no class, so
// every scan stops at `end` at the latest.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace cores::http_parse::internal {

inline constexpr std::size_t k_chunk_bytes = 64;

// One bit per chunk byte (bit i = byte i), set where the byte is outside the class.
struct chunk_masks {
  std::uint64_t outside_tchar = 0;
  std::uint64_t outside_uri = 0;
  std::uint64_t outside_value = 0;
};

template <class Classifier>
class chunk_scanner {
 public:
  // Scans of [begin, end); every position asked for must lie in it. The
  // first chunk is classified here: every parse scans near its start.
  chunk_scanner(const char* begin, const char* end) : begin_(begin), end_(end) { classify(0); }

  const char* name(const char* p) { return find(p, &chunk_masks::outside_tchar); }
  const char* uri(const char* p) { return find(p, &chunk_masks::outside_uri); }
  const char* value(const char* p) { return find(p, &chunk_masks::outside_value); }

 private:
  const char* begin_;
  const char* end_;
  std::size_t chunk_offset_ = 0;  // of the classified chunk, from begin_
  chunk_masks masks_;

  // The first byte at or after p outside the class whose mask `field` is.
  [[gnu::always_inline]] const char* find(const char* p, std::uint64_t chunk_masks::*field) {
    const auto offset = static_cast<std::size_t>(p - begin_);
    if (offset - chunk_offset_ >= k_chunk_bytes) {  // p is not in this chunk (before it: wraps)
      if (p == end_) return end_;
      classify(offset - offset % k_chunk_bytes);
    }
    std::size_t shift = offset - chunk_offset_;
    std::uint64_t outside = masks_.*field >> shift;
    while (outside == 0) {  // the rest of a full chunk is all in the class
      classify(chunk_offset_ + k_chunk_bytes);
      shift = 0;
      outside = masks_.*field;
    }
    return begin_ + chunk_offset_ + shift + static_cast<std::size_t>(std::countr_zero(outside));
  }

  void classify(std::size_t chunk_offset) {
    chunk_offset_ = chunk_offset;
    const char* chunk = begin_ + chunk_offset;
    const auto available = static_cast<std::size_t>(end_ - chunk);
    if (available >= k_chunk_bytes) {
      masks_ = Classifier::classify(chunk);
      return;
    }
    alignas(k_chunk_bytes) char padded[k_chunk_bytes] = {};
    if (available != 0) std::memcpy(padded, chunk, available);
    masks_ = Classifier::classify(padded);
  }
};

}  // namespace cores::http_parse::internal
