#pragma once
// A small RAII layer over SQLite's C API (Debian's libsqlite3-dev): a
// connection and prepared statements. Every failure becomes an input_error
// naming the store file and SQLite's message, since a store that cannot be
// read or written is the user's input.

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace benchgate::history {

class statement;

class database {
 public:
  // read_only: reads only (PRAGMA query_only), but opened for writing so
  // that closing it checkpoints and removes the -wal and -shm files a WAL
  // reader makes; needs write access to the file and its folder.
  // immutable: reads a file no one can change while it is open (SQLite's
  // immutable=1: no -shm, no locks), for a store in a folder this user
  // cannot write. read_write_create: the adders'.
  enum class mode { read_only, immutable, read_write_create };
  // `source` names where the path came from ("--history reports/history.db").
  database(const std::filesystem::path& path, mode how, std::string source);
  ~database();
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  // Runs SQL without results (several statements allowed).
  void execute(std::string_view sql);
  // As execute, but returns false instead of throwing when another
  // connection holds the lock (SQLITE_BUSY/LOCKED). SQLite skips the busy
  // handler where waiting could deadlock (e.g. switching the journal mode
  // while another connection reads), so callers retry these themselves.
  bool execute_unless_busy(std::string_view sql);
  statement prepare(std::string_view sql);
  std::int64_t last_insert_id() const;
  // The first column of the first row of `sql`, as an integer.
  std::int64_t query_int(std::string_view sql);

  // Throws the input_error for SQLite result `code` while `doing`.
  [[noreturn]] void fail(int code, std::string_view doing) const;
  const std::string& source() const { return source_; }

 private:
  friend class statement;
  int exec(std::string_view sql);  // SQLite's result code
  [[noreturn]] void fail_running(int code, std::string_view sql) const;
  sqlite3* db_ = nullptr;
  std::string source_;
};

class statement {
 public:
  ~statement();
  statement(statement&& other) noexcept;
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;
  statement& operator=(statement&&) = delete;

  // Parameters are numbered from 1.
  statement& bind(int index, std::int64_t value);
  statement& bind(int index, double value);
  statement& bind(int index, std::string_view value);
  statement& bind_optional(int index, const std::optional<std::string>& value);  // NULL when nullopt
  // true while a row is available; false when done.
  bool step();
  // Steps a statement that returns no row, then resets it for reuse.
  void run();
  void reset();

  std::int64_t int_at(int column) const;
  double double_at(int column) const;
  std::string text_at(int column) const;  // "" for NULL
  bool is_null(int column) const;

 private:
  friend class database;
  statement(const database& owner, sqlite3_stmt* handle);
  const database* owner_;
  sqlite3_stmt* handle_;
};

}  // namespace benchgate::history
