#include "harness/paired/identical_builds.hpp"

#include <elf.h>

#include <array>
#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>

#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"

namespace benchgate::paired {

namespace {

// Compared in blocks this large.
constexpr std::size_t k_compare_block_bytes = std::size_t{1} << 16;
// A program interpreter's path is short; a longer PT_INTERP is not one.
constexpr std::uint64_t k_max_interpreter_chars = 4096;

template <typename Header, typename Program>
std::optional<std::filesystem::path> interpreter_of(std::ifstream& in) {
  Header header{};
  in.seekg(0);
  if (!in.read(reinterpret_cast<char*>(&header), sizeof header)) return std::nullopt;
  if (header.e_phentsize != sizeof(Program)) return std::nullopt;
  for (std::uint64_t i = 0; i < header.e_phnum; ++i) {
    Program program{};
    in.seekg(static_cast<std::streamoff>(header.e_phoff + i * sizeof(Program)));
    if (!in.read(reinterpret_cast<char*>(&program), sizeof program)) return std::nullopt;
    if (program.p_type != PT_INTERP) continue;
    if (program.p_filesz == 0 || program.p_filesz > k_max_interpreter_chars) return std::nullopt;
    std::string path(static_cast<std::size_t>(program.p_filesz), '\0');
    in.seekg(static_cast<std::streamoff>(program.p_offset));
    if (!in.read(path.data(), static_cast<std::streamsize>(path.size()))) return std::nullopt;
    path.resize(std::strlen(path.c_str()));  // NUL-terminated
    return std::filesystem::path(path);
  }
  return std::nullopt;
}

// The file a line of `ld.so --list` names: "\tname => /path (0x...)" or
// "\t/path (0x...)"; none for the vDSO ("linux-vdso.so.1 (0x...)"), and
// "not found" for a library the loader did not find.
std::optional<std::string> listed_file(const std::string& line) {
  auto text = line;
  const auto arrow = text.find(" => ");
  if (arrow != std::string::npos) text = text.substr(arrow + 4);
  const auto start = text.find_first_not_of(" \t");
  if (start == std::string::npos) return std::nullopt;
  text = text.substr(start);
  if (text.rfind("not found", 0) == 0) return std::string("not found");
  const auto address = text.find(" (0x");
  if (address != std::string::npos) text = text.substr(0, address);
  if (text.empty() || text.front() != '/') return std::nullopt;  // the vDSO
  return text;
}

}  // namespace

bool same_bytes(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(a, ec);
  if (ec || std::filesystem::file_size(b, ec) != size || ec) return false;
  std::ifstream in_a(a, std::ios::binary);
  std::ifstream in_b(b, std::ios::binary);
  if (!in_a || !in_b) return false;
  std::string block_a(k_compare_block_bytes, '\0');
  std::string block_b(k_compare_block_bytes, '\0');
  while (in_a && in_b) {
    in_a.read(block_a.data(), static_cast<std::streamsize>(block_a.size()));
    in_b.read(block_b.data(), static_cast<std::streamsize>(block_b.size()));
    if (in_a.gcount() != in_b.gcount()) return false;
    if (std::memcmp(block_a.data(), block_b.data(), static_cast<std::size_t>(in_a.gcount())) != 0) return false;
  }
  return in_a.eof() && in_b.eof();
}

bool is_elf(const std::filesystem::path& binary) {
  std::ifstream in(binary, std::ios::binary);
  std::array<char, SELFMAG> magic{};
  return in.read(magic.data(), magic.size()) && std::memcmp(magic.data(), ELFMAG, SELFMAG) == 0;
}

std::optional<std::filesystem::path> program_interpreter(const std::filesystem::path& binary) {
  std::ifstream in(binary, std::ios::binary);
  std::array<unsigned char, EI_NIDENT> ident{};
  if (!in.read(reinterpret_cast<char*>(ident.data()), ident.size())) return std::nullopt;
  if (std::memcmp(ident.data(), ELFMAG, SELFMAG) != 0) return std::nullopt;
  // Only files of this machine's byte order are read (the others do not run here).
  const unsigned char native = std::endian::native == std::endian::little ? ELFDATA2LSB : ELFDATA2MSB;
  if (ident[EI_DATA] != native) return std::nullopt;
  if (ident[EI_CLASS] == ELFCLASS64) return interpreter_of<Elf64_Ehdr, Elf64_Phdr>(in);
  if (ident[EI_CLASS] == ELFCLASS32) return interpreter_of<Elf32_Ehdr, Elf32_Phdr>(in);
  return std::nullopt;
}

std::optional<std::vector<std::filesystem::path>> loaded_libraries(const std::filesystem::path& binary,
                                                                   const std::filesystem::path& work) {
  const auto interpreter = program_interpreter(binary);
  if (!interpreter) return std::nullopt;
  const auto out = work / "libraries.txt";
  const auto err = work / "libraries.err";
  std::error_code ec;
  std::filesystem::remove(out, ec);
  std::filesystem::remove(err, ec);
  // A name without a slash would be looked up as a library's.
  const auto outcome =
      process::run_child_split(*interpreter, {"--list", std::filesystem::absolute(binary).string()}, out, err);
  if (!outcome.exit_code || *outcome.exit_code != 0) return std::nullopt;
  std::istringstream lines(files::read_file(out, "the library listing"));
  std::vector<std::filesystem::path> libraries;
  for (std::string line; std::getline(lines, line);) {
    const auto file = listed_file(line);
    if (!file) continue;
    if (*file == "not found") return std::nullopt;
    libraries.emplace_back(*file);
  }
  return libraries;
}

std::optional<identical_builds> compare_builds(const build_side& old_side, const build_side& new_side,
                                               const std::filesystem::path& work) {
  if (old_side.args != new_side.args || !same_bytes(old_side.binary, new_side.binary)) return std::nullopt;
  // A script (not ELF) runs what it names: its bytes say nothing of that.
  if (!is_elf(old_side.binary)) return std::nullopt;
  identical_builds identity;
  std::error_code ec;
  identity.bytes = std::filesystem::file_size(old_side.binary, ec);
  if (!program_interpreter(old_side.binary)) return identity;  // static: nothing loaded
  const auto old_libraries = loaded_libraries(old_side.binary, work);
  const auto new_libraries = loaded_libraries(new_side.binary, work);
  // Loaded but not listed: whether they are the same cannot be told.
  if (!old_libraries || !new_libraries || old_libraries->size() != new_libraries->size()) return std::nullopt;
  for (std::size_t i = 0; i < old_libraries->size(); ++i) {
    const auto& a = (*old_libraries)[i];
    const auto& b = (*new_libraries)[i];
    if (std::filesystem::equivalent(a, b, ec)) continue;
    if (!same_bytes(a, b)) return std::nullopt;
  }
  identity.libraries = old_libraries->size();
  identity.loader_listed = true;
  return identity;
}

std::string identical_text(const identical_builds& identity) {
  std::string text = "the same " + std::to_string(identity.bytes) + " bytes";
  if (identity.loader_listed) {
    text += ", loading the same " + std::to_string(identity.libraries) +
            (identity.libraries == 1 ? " shared library" : " shared libraries");
  } else {
    text += " (a static executable: no shared library loaded)";
  }
  return text + ", with the same arguments";
}

}  // namespace benchgate::paired
