#pragma once
// Writing and reading whole files, safely.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace benchgate::files {

// Writes `content` to `path` atomically: a temporary file in the same folder
// is written, flushed to disk and renamed over `path`, so readers see the old
// file or the new one, never a part. Missing parent folders are created.
// `source` names where the path came from (e.g. "--out") for the message of
// the input_error thrown when the file cannot be written. A path that names
// a device or a FIFO (/dev/null, /dev/stdout) is written in place: the
// rename would replace the device itself.
void write_atomically(const std::filesystem::path& path, std::string_view content,
                      std::string_view source);

// Checks, without touching `path`, that write_atomically(path, ...) could
// succeed now: the folder exists or can be created, and a file can be made in
// it; folders it had to make to tell are removed again. Throws the same
// input_error write_atomically would.
void check_writable(const std::filesystem::path& path, std::string_view source);

// The outputs of a command: each file it was asked to write, named by the
// option that asked ("--json"); an unset path was not asked for. A command
// checks all of them up front (check_outputs), before any work, so a bad
// path fails in a second rather than after the run, and writes each
// atomically (write_output, or a results:: save_* function, which also
// writes atomically).
struct requested_output {
  std::optional<std::filesystem::path> path;
  std::string_view option;
};
void check_outputs(std::initializer_list<requested_output> outputs);

// write_atomically(*path, content, option) when `path` is set.
void write_output(const std::optional<std::filesystem::path>& path, std::string_view content,
                  std::string_view option);

// Files are read whole into memory; a larger one is refused rather than let
// exhaust it (a JSON file takes several times its size once parsed).
inline constexpr std::uintmax_t k_max_read_bytes = std::uintmax_t{512} << 20;  // 512 MiB

// The whole content of a file (a regular file, or a device or pipe read to
// its end). Throws input_error naming `source` when the path is missing, is
// a folder, cannot be read, or holds more than `max_bytes`.
std::string read_file(const std::filesystem::path& path, std::string_view source,
                      std::uintmax_t max_bytes = k_max_read_bytes);

// How much of a failed child's log most error messages quote, in characters.
inline constexpr std::size_t k_log_tail_chars = 600;

// The last `max_chars` characters of a log to show in a message, "..."
// first when cut; "" when the file cannot be read.
std::string file_tail(const std::filesystem::path& path, std::size_t max_chars = k_log_tail_chars);

}  // namespace benchgate::files
