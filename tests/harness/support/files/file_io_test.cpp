#include "harness/support/files/file_io.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <string>
#include <thread>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace benchgate;

std::size_t files_in(const std::filesystem::path& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++n;
  return n;
}

TEST(WriteAtomically, ReplacesTheFileAndLeavesNoTemporary) {
  test_support::temp_dir dir;
  const auto path = dir.path() / "r.json";
  files::write_atomically(path, "old", "--out");
  files::write_atomically(path, "new", "--out");
  EXPECT_EQ(files::read_file(path, "test"), "new");
  EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(WriteAtomically, CreatesMissingFolders) {
  test_support::temp_dir dir;
  const auto path = dir.path() / "a" / "b" / "r.json";
  files::write_atomically(path, "x", "--out");
  EXPECT_EQ(files::read_file(path, "test"), "x");
}

TEST(WriteAtomically, AFolderAsTargetIsAnError) {
  test_support::temp_dir dir;
  try {
    files::write_atomically(dir.path(), "x", "--out");
    FAIL();
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "--out " + dir.path().string() + ": is a folder; expected a file name");
  }
}

TEST(WriteAtomically, AFolderThatRefusesNewFilesIsAnErrorAndTheOldFileSurvives) {
  test_support::temp_dir dir;
  auto path = dir.path() / "r.json";
  files::write_atomically(path, "good", "--out");
  // Root may write anywhere but in procfs, where no file can be created.
  const bool root = ::geteuid() == 0;
  if (root) {
    path = "/proc/self/benchgate-r.json";
  } else {
    ::chmod(dir.path().c_str(), 0555);
  }
  try {
    files::write_atomically(path, "bad", "--out");
    ADD_FAILURE() << "no error";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--out " + path.string() + ": cannot write: ", 0), 0u) << e.what();
  }
  ::chmod(dir.path().c_str(), 0755);
  // As root the refused write went to procfs, so r.json was never at risk:
  // WriteAtomically.AWriteThatFailsHalfwayKeepsTheOldFile checks survival.
  if (root) GTEST_SKIP() << "root: the refusing folder was procfs; the old file was not at risk";
  EXPECT_EQ(files::read_file(dir.path() / "r.json", "test"), "good");
}

// A write that fails after some bytes (the file-size limit, which binds
// root too, standing in for a full disk): the error names the file, the
// old content stays under the name and no temporary is left behind.
TEST(WriteAtomically, AWriteThatFailsHalfwayKeepsTheOldFile) {
  test_support::temp_dir dir;
  const auto path = dir.path() / "r.json";
  files::write_atomically(path, "good", "--out");
  constexpr rlim_t k_limit_bytes = 64;
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit small = saved;
  small.rlim_cur = k_limit_bytes;
  // Past the limit write() fails with EFBIG once SIGXFSZ is ignored.
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string error;
  try {
    files::write_atomically(path, std::string(4 * k_limit_bytes, 'x'), "--out");
  } catch (const input_error& e) {
    error = e.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(error.rfind("--out " + path.string() + ": cannot write: ", 0), 0u) << "error: '" << error << "'";
  EXPECT_EQ(files::read_file(path, "test"), "good");
  EXPECT_EQ(files_in(dir.path()), 1u) << "a temporary was left behind";
}

TEST(WriteAtomically, UnderAFileIsAnError) {
  test_support::temp_dir dir;
  const auto blocker = dir.path() / "file";
  files::write_atomically(blocker, "x", "--out");
  try {
    files::write_atomically(blocker / "r.json", "y", "--out");
    FAIL();
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("--out " + (blocker / "r.json").string() + ": cannot create folder"),
              std::string::npos)
        << e.what();
  }
}

// A FIFO stands for any non-regular target (/dev/null, /dev/stdout): it is
// written in place and stays what it was, where a rename would replace it
// with a regular file (as root, /dev/null itself).
TEST(WriteAtomically, AFifoIsWrittenInPlaceAndStaysAFifo) {
  test_support::temp_dir dir;
  const auto path = dir.path() / "pipe";
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  files::check_writable(path, "--out");
  std::string received;
  std::thread reader([&] {
    std::ifstream in(path);
    received.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  files::write_atomically(path, "through the pipe", "--out");
  reader.join();
  EXPECT_EQ(received, "through the pipe");
  EXPECT_TRUE(std::filesystem::is_fifo(path));
  EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(CheckWritable, LeavesTheExistingFileUntouched) {
  test_support::temp_dir dir;
  const auto path = dir.path() / "r.json";
  files::write_atomically(path, "keep", "--out");
  files::check_writable(path, "--out");
  EXPECT_EQ(files::read_file(path, "test"), "keep");
  EXPECT_EQ(files_in(dir.path()), 1u);
}

// The folders a check had to make are gone after it (a command refused on
// a later input leaves no empty folders); the write makes them for good.
TEST(CheckWritable, LeavesNoFolderItMade) {
  test_support::temp_dir dir;
  const auto path = dir.path() / "a" / "b" / "r.json";
  files::check_writable(path, "--out");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "a"));
  EXPECT_EQ(files_in(dir.path()), 0u);
  files::write_atomically(path, "new", "--out");
  EXPECT_EQ(files::read_file(path, "test"), "new");
}

TEST(ReadFile, MissingAndFolderAreErrorsNamingTheSource) {
  test_support::temp_dir dir;
  try {
    files::read_file(dir.path() / "none", "OLD");
    FAIL();
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "OLD " + (dir.path() / "none").string() + ": no such file");
  }
  try {
    files::read_file(dir.path(), "OLD");
    FAIL();
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "OLD " + dir.path().string() + ": is a folder; expected a file");
  }
}

std::string read_error(const std::filesystem::path& path, std::uintmax_t max_bytes = files::k_max_read_bytes) {
  try {
    files::read_file(path, "OLD", max_bytes);
  } catch (const input_error& e) {
    return e.what();
  }
  return "(read)";
}

// A failed child's log is quoted by its end, "..." first when cut; a log
// that cannot be read quotes nothing.
TEST(FileTail, QuotesTheEndOfALog) {
  test_support::temp_dir dir;
  const auto log = dir.path() / "child.log";
  { std::ofstream(log) << "first line\nsecond line\n"; }
  EXPECT_EQ(files::file_tail(log), "first line\nsecond line\n");
  EXPECT_EQ(files::file_tail(log, 12), "...second line\n");
  EXPECT_EQ(files::file_tail(dir.path() / "none"), "");
}

// A file is read whole: one too large for that is refused before a byte is
// read (a sparse 3 GiB file here), and a device with no end stops at the
// limit; a file of exactly the limit is read.
TEST(ReadFile, AFileLargerThanTheLimitIsAnErrorNamingItsSize) {
  test_support::temp_dir dir;
  const auto huge = dir.path() / "huge.json";
  { std::ofstream(huge) << ""; }
  std::filesystem::resize_file(huge, std::uintmax_t{3} << 30);
  EXPECT_EQ(read_error(huge), "OLD " + huge.string() +
                                  ": is 3072.0 MiB; expected a file of at most 512.0 MiB (it is read whole into memory)");
  EXPECT_EQ(read_error("/dev/zero", std::uintmax_t{1} << 20),
            "OLD /dev/zero: holds more than 1.0 MiB; expected a file of at most 1.0 MiB (it is read whole into memory)");
  const auto exact = dir.path() / "exact";
  { std::ofstream(exact) << std::string(1000, 'x'); }
  EXPECT_EQ(files::read_file(exact, "OLD", 1000), std::string(1000, 'x'));
  EXPECT_EQ(read_error(exact, 999),
            "OLD " + exact.string() + ": is 1000 bytes; expected a file of at most 999 bytes (it is read whole into memory)");
}

}  // namespace
