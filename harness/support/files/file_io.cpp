#include "harness/support/files/file_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <system_error>
#include <vector>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::files {

namespace {

// What read_file reads at a time.
constexpr std::size_t k_read_chunk_bytes = std::size_t{64} << 10;  // 64 KiB

// "1.5 MiB": a size in MiB, one decimal; below 1 MiB, in bytes.
std::string mib_text(std::uintmax_t bytes) {
  constexpr std::uintmax_t k_bytes_per_mib = 1 << 20;
  if (bytes < k_bytes_per_mib) return std::to_string(bytes) + " bytes";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / k_bytes_per_mib);
  return text;
}

[[noreturn]] void fail(std::string_view source, const std::filesystem::path& path,
                       const std::string& problem) {
  throw input_error(std::string(source) + " " + path.string() + ": " + problem);
}

std::filesystem::path temporary_sibling(const std::filesystem::path& path) {
  std::random_device entropy;
  const auto tag = std::to_string(::getpid()) + "-" + std::to_string(entropy());
  return path.parent_path() / ("." + path.filename().string() + ".tmp-" + tag);
}

// Writes all of `content` to `fd`; false on any error (errno set).
bool write_all(int fd, std::string_view content) {
  while (!content.empty()) {
    const auto written = ::write(fd, content.data(), content.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    content.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

// Makes the rename itself durable (a power cut after it keeps the new
// file); best effort: a folder that cannot be opened or synced is no error,
// the file is already complete under its final name.
void sync_folder_of(const std::filesystem::path& path) {
  const auto folder = path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Creates the folder of `path` when needed and opens a new temporary file
// beside it; returns the descriptor and fills `temporary`.
int open_temporary_sibling(const std::filesystem::path& path, std::string_view source,
                           std::filesystem::path& temporary) {
  if (path.empty()) fail(source, path, "expected a file name, got an empty path");
  if (path.filename().empty() || std::filesystem::is_directory(path)) {
    fail(source, path, "is a folder; expected a file name");
  }
  const auto folder = path.parent_path();
  if (!folder.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
      fail(source, path,
           "cannot create folder " + folder.string() + ": " + ec.message() + "; expected a path in a writable folder");
    }
  }
  temporary = temporary_sibling(path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int open_errno = errno;
    fail(source, path,
         std::string("cannot write: ") + std::strerror(open_errno) + " (creating a file in " +
             (folder.empty() ? std::string(".") : folder.string()) + "); expected a path in a writable folder");
  }
  return fd;
}

// Whether `path` names an existing file that is not a regular one (a
// device such as /dev/null, /dev/stdout's pipe or terminal, a FIFO): a
// stream, written in place. Renaming a temporary file over it would
// replace the device itself (as root, /dev/null with a regular file).
bool is_stream(const std::filesystem::path& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return false;
  return !std::filesystem::is_regular_file(status) && !std::filesystem::is_directory(status);
}

void write_stream(const std::filesystem::path& path, std::string_view content, std::string_view source) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail(source, path, std::string("cannot write: ") + std::strerror(errno));
  const bool ok = write_all(fd, content);
  const int saved_errno = errno;
  ::close(fd);
  if (!ok) fail(source, path, std::string("cannot write: ") + std::strerror(saved_errno));
}

}  // namespace

void check_writable(const std::filesystem::path& path, std::string_view source) {
  if (is_stream(path)) {
    if (::access(path.c_str(), W_OK) != 0) fail(source, path, std::string("cannot write: ") + std::strerror(errno));
    return;
  }
  // The folders the check makes are removed after it, deepest first: a
  // command refused later (a bad input) leaves nothing behind.
  std::vector<std::filesystem::path> made;
  for (auto folder = path.parent_path(); !folder.empty() && !std::filesystem::exists(folder);
       folder = folder.parent_path()) {
    made.push_back(folder);
    if (folder == folder.parent_path()) break;
  }
  const auto remove_made = [&] {
    std::error_code ignored;
    for (const auto& folder : made) std::filesystem::remove(folder, ignored);  // only while empty
  };
  std::filesystem::path temporary;
  try {
    ::close(open_temporary_sibling(path, source, temporary));
  } catch (...) {
    remove_made();
    throw;
  }
  ::unlink(temporary.c_str());
  remove_made();
}

void write_atomically(const std::filesystem::path& path, std::string_view content,
                      std::string_view source) {
  if (is_stream(path)) {
    write_stream(path, content, source);
    return;
  }
  std::filesystem::path temporary;
  const int fd = open_temporary_sibling(path, source, temporary);
  const bool ok = write_all(fd, content) && ::fsync(fd) == 0;
  const int saved_errno = errno;
  ::close(fd);
  if (!ok) {
    ::unlink(temporary.c_str());
    fail(source, path, std::string("cannot write: ") + std::strerror(saved_errno));
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int rename_errno = errno;
    ::unlink(temporary.c_str());
    fail(source, path, std::string("cannot replace: ") + std::strerror(rename_errno));
  }
  sync_folder_of(path);
}

std::string read_file(const std::filesystem::path& path, std::string_view source, std::uintmax_t max_bytes) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) fail(source, path, "no such file");
  if (std::filesystem::is_directory(status)) fail(source, path, "is a folder; expected a file");
  const auto too_large = [&](const std::string& size) {
    fail(source, path, size + "; expected a file of at most " + mib_text(max_bytes) +
                           " (it is read whole into memory)");
  };
  std::uintmax_t size = 0;
  if (std::filesystem::is_regular_file(status)) {
    size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) too_large("is " + mib_text(size));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(source, path, std::string("cannot read: ") + std::strerror(errno));
  // In chunks, so that a device or a pipe with no end (/dev/zero) stops at
  // the limit too.
  std::string content;
  if (!ec) content.reserve(static_cast<std::size_t>(size));
  std::string chunk(k_read_chunk_bytes, '\0');
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    content.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (content.size() > max_bytes) too_large("holds more than " + mib_text(max_bytes));
  }
  if (in.bad()) fail(source, path, "read error");
  return content;
}

void check_outputs(std::initializer_list<requested_output> outputs) {
  for (const auto& output : outputs) {
    if (output.path) check_writable(*output.path, output.option);
  }
}

void write_output(const std::optional<std::filesystem::path>& path, std::string_view content,
                  std::string_view option) {
  if (path) write_atomically(*path, content, option);
}

std::string file_tail(const std::filesystem::path& path, std::size_t max_chars) {
  // Only the end is read: a log can be large.
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) return "";
  const bool cut = size > max_chars;
  if (cut) in.seekg(static_cast<std::streamoff>(size - max_chars));
  std::string text(cut ? max_chars : static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return cut ? "..." + text : text;
}

}  // namespace benchgate::files
