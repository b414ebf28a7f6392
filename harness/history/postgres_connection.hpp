#pragma once
// A small RAII layer over libpq (Debian's libpq-dev): one connection, its
// results, text parameters and COPY. Every failure becomes an input_error
// naming the store (without its password) and the server's message, since
// a store that cannot be reached or read is the user's input.

#include <libpq-fe.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace benchgate::history {

// SQLSTATEs the store acts on (PostgreSQL manual, Appendix A).
inline constexpr std::string_view k_unique_violation = "23505";
inline constexpr std::string_view k_duplicate_table = "42P07";
inline constexpr std::string_view k_duplicate_schema = "42P06";
inline constexpr std::string_view k_deadlock_detected = "40P01";
inline constexpr std::string_view k_serialization_failure = "40001";

class pg_result {
 public:
  explicit pg_result(PGresult* handle) : handle_(handle) {}
  ~pg_result() { PQclear(handle_); }
  pg_result(pg_result&& other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
  pg_result(const pg_result&) = delete;
  pg_result& operator=(const pg_result&) = delete;
  pg_result& operator=(pg_result&&) = delete;

  // true for a command or query that succeeded.
  bool ok() const;
  // The SQLSTATE of a failure ("" when none, e.g. the connection broke).
  std::string sqlstate() const;
  std::string message() const;  // the server's message, one line

  int rows() const { return PQntuples(handle_); }
  bool is_null(int row, int column) const { return PQgetisnull(handle_, row, column) != 0; }
  std::string text_at(int row, int column) const { return PQgetvalue(handle_, row, column); }
  std::int64_t int_at(int row, int column) const;
  double double_at(int row, int column) const;
  // Columns of a result in binary format (run's `binary`): bigint and
  // double precision, sent big-endian (PostgreSQL's int8send, float8send).
  std::int64_t binary_int_at(int row, int column) const;
  double binary_double_at(int row, int column) const;
  PGresult* handle() const { return handle_; }

 private:
  PGresult* handle_;
};

class pg_connection {
 public:
  // Connects to `url` (a postgresql:// URL; libpq reads any password from
  // it, PGPASSWORD or ~/.pgpass), giving up after connect_timeout seconds
  // (k_default_connect_timeout_s unless the URL sets it). `source` names
  // the store in messages and holds no password.
  pg_connection(const std::string& url, std::string source);
  ~pg_connection();
  pg_connection(const pg_connection&) = delete;
  pg_connection& operator=(const pg_connection&) = delete;

  // Runs `sql` with text parameters $1, $2, ... (NULL never needed here);
  // with `binary`, the result columns come in binary format.
  enum class format { text, binary };
  pg_result run(std::string_view sql, const std::vector<std::string>& params = {}, format result = format::text);
  // As run, but throws input_error for a failure, `doing` saying what failed.
  pg_result exec(std::string_view sql, std::string_view doing, const std::vector<std::string>& params = {},
                 format result = format::text);
  // COPY ... FROM STDIN with `rows` in COPY's text format.
  void copy_in(std::string_view copy_sql, const std::string& rows, std::string_view doing);

  // Throws the input_error for a failed `result` while `doing`.
  [[noreturn]] void fail(const pg_result& result, std::string_view doing) const;
  const std::string& source() const { return source_; }

 private:
  [[noreturn]] void fail_with(std::string_view detail, std::string_view doing) const;
  PGconn* conn_ = nullptr;
  std::string source_;
};

// A PostgreSQL array literal of `values` ({"a","b"}), for $n::text[].
std::string text_array(const std::vector<std::string>& values);

}  // namespace benchgate::history
