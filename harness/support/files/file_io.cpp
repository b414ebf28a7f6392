#include "harness/support/files/file_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <system_error>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::files {

namespace {

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
  std::filesystem::path temporary;
  ::close(open_temporary_sibling(path, source, temporary));
  ::unlink(temporary.c_str());
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

std::string read_file(const std::filesystem::path& path, std::string_view source) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) fail(source, path, "no such file");
  if (std::filesystem::is_directory(status)) fail(source, path, "is a folder; expected a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(source, path, std::string("cannot read: ") + std::strerror(errno));
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) fail(source, path, "read error");
  return std::move(content).str();
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
  std::string text;
  try {
    text = read_file(path, "log");
  } catch (const std::exception&) {
    return "";
  }
  return text.size() > max_chars ? "..." + text.substr(text.size() - max_chars) : text;
}

}  // namespace benchgate::files
