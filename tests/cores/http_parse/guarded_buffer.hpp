#pragma once
// Memory whose end touches a PROT_NONE page, so that reading one byte past
// an input placed at its end crashes the test (picohttpparser's test style).

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string_view>

namespace http_parse_test {

class guarded_buffer {
 public:
  // Room for inputs of up to max_bytes. Throws std::runtime_error when the
  // pages cannot be mapped or protected.
  explicit guarded_buffer(std::size_t max_bytes) {
    page_bytes_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    data_bytes_ = (max_bytes / page_bytes_ + 1) * page_bytes_;
    void* mapped = mmap(nullptr, data_bytes_ + page_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) throw std::runtime_error("mmap failed");
    base_ = static_cast<char*>(mapped);
    if (mprotect(base_ + data_bytes_, page_bytes_, PROT_NONE) != 0) {
      munmap(base_, data_bytes_ + page_bytes_);
      throw std::runtime_error("mprotect failed");
    }
  }
  guarded_buffer(const guarded_buffer&) = delete;
  guarded_buffer& operator=(const guarded_buffer&) = delete;
  ~guarded_buffer() { munmap(base_, data_bytes_ + page_bytes_); }

  // Copies `bytes` so that its last byte is the last readable byte, and
  // returns the copy, which the caller may change in place until the next
  // placing. Precondition: bytes.size() <= max_bytes.
  std::span<char> place_writable(std::string_view bytes) {
    char* start = base_ + data_bytes_ - bytes.size();
    if (!bytes.empty()) std::memcpy(start, bytes.data(), bytes.size());
    return {start, bytes.size()};
  }
  std::string_view place(std::string_view bytes) {
    const auto placed = place_writable(bytes);
    return {placed.data(), placed.size()};
  }

 private:
  std::size_t page_bytes_ = 0;
  std::size_t data_bytes_ = 0;
  char* base_ = nullptr;
};

}  // namespace http_parse_test
