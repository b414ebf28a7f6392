#pragma once
// Whether two builds are the same program (benchgate ab, docs/ab.md,
// "Identical builds"): a pull request that changes only a README gives a
// head build byte for byte the base's, and measuring them can only find
// what the code did not change. Two builds are identical when their
// executables hold the same bytes, they are given the same arguments, and
// the shared libraries each loads (as its dynamic loader resolves them,
// `ld.so --list`) are the same files or files of the same bytes, in the
// same order: a library of each build tree is compared too, one of the
// system is one file for both. A static executable has none to compare; a
// script (not ELF) is never identical: it runs what it names.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace benchgate::paired {

struct build_side {
  std::filesystem::path binary;
  std::vector<std::string> args;
};

// What makes two builds one: the executable's size and the libraries
// compared, for the message.
struct identical_builds {
  std::uintmax_t bytes = 0;
  std::size_t libraries = 0;  // loaded by each, all the same files or bytes
  bool loader_listed = false; // false: static, or the loader could not list them
};

// Whether the two files hold the same bytes (false when either cannot be read).
bool same_bytes(const std::filesystem::path& a, const std::filesystem::path& b);

// Whether `binary` is an ELF file (a script is not).
bool is_elf(const std::filesystem::path& binary);

// The program interpreter an ELF executable names (PT_INTERP, e.g.
// /lib64/ld-linux-x86-64.so.2); none for a static executable or a file
// that is not ELF.
std::optional<std::filesystem::path> program_interpreter(const std::filesystem::path& binary);

// The shared libraries `binary` loads, in the order its loader lists them
// (`INTERPRETER --list BINARY`, which loads but never runs it), resolved
// to their files; none when it has no interpreter or the listing fails or
// names a library not found. `work` is a folder for the listing's output.
std::optional<std::vector<std::filesystem::path>> loaded_libraries(const std::filesystem::path& binary,
                                                                   const std::filesystem::path& work);

// The two builds' identity when they are identical (above), else none.
std::optional<identical_builds> compare_builds(const build_side& old_side, const build_side& new_side,
                                               const std::filesystem::path& work);

// "the same 30104 bytes, loading the same 5 shared libraries, with the same
// arguments".
std::string identical_text(const identical_builds& identity);

}  // namespace benchgate::paired
