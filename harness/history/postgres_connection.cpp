#include "harness/history/postgres_connection.hpp"

#include <bit>
#include <cstdlib>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::history {

namespace {

// Seconds libpq waits for a server before giving up, when the URL does not
// say: an unreachable host must fail a CI job quickly, not after the
// kernel's TCP timeout (minutes).
constexpr const char* k_default_connect_timeout_s = "5";

// libpq's messages span lines ("...\n\tThis probably means..."): one line
// for `error: ...`.
std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == '\n' || c == '\t' || c == ' ';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// libpq prints a server's notices (e.g. "relation already exists, skipping")
// to stderr by default; a library never prints.
void ignore_notice(void*, const char*) {}

}  // namespace

bool pg_result::ok() const {
  const auto status = PQresultStatus(handle_);
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

std::string pg_result::sqlstate() const {
  const char* state = PQresultErrorField(handle_, PG_DIAG_SQLSTATE);
  return state == nullptr ? "" : state;
}

std::string pg_result::message() const { return one_line(PQresultErrorMessage(handle_)); }

std::int64_t pg_result::int_at(int row, int column) const {
  return std::strtoll(PQgetvalue(handle_, row, column), nullptr, 10);
}

double pg_result::double_at(int row, int column) const {
  return std::strtod(PQgetvalue(handle_, row, column), nullptr);
}

namespace {

std::uint64_t big_endian_64(const char* bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

}  // namespace

std::int64_t pg_result::binary_int_at(int row, int column) const {
  return static_cast<std::int64_t>(big_endian_64(PQgetvalue(handle_, row, column)));
}

double pg_result::binary_double_at(int row, int column) const {
  return std::bit_cast<double>(big_endian_64(PQgetvalue(handle_, row, column)));
}

pg_connection::pg_connection(const std::string& url, std::string source) : source_(std::move(source)) {
  // With expand_dbname, the URL's own settings override the keywords before
  // it, so a connect_timeout in the URL wins.
  const char* keywords[] = {"connect_timeout", "application_name", "dbname", nullptr};
  const char* values[] = {k_default_connect_timeout_s, "benchgate", url.c_str(), nullptr};
  conn_ = PQconnectdbParams(keywords, values, 1);
  if (conn_ == nullptr) throw input_error(source_ + ": cannot connect (out of memory)");
  if (PQstatus(conn_) != CONNECTION_OK) {
    const auto detail = one_line(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw input_error(source_ + ": cannot connect: " + detail);
  }
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
}

pg_connection::~pg_connection() {
  if (conn_ != nullptr) PQfinish(conn_);
}

pg_result pg_connection::run(std::string_view sql, const std::vector<std::string>& params, format result) {
  const std::string text(sql);
  if (params.empty() && result == format::text) return pg_result(PQexec(conn_, text.c_str()));
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& p : params) values.push_back(p.c_str());
  return pg_result(PQexecParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                                nullptr, nullptr, result == format::binary ? 1 : 0));
}

pg_result pg_connection::exec(std::string_view sql, std::string_view doing, const std::vector<std::string>& params,
                              format result_format) {
  auto result = run(sql, params, result_format);
  if (!result.ok()) fail(result, doing);
  return result;
}

void pg_connection::copy_in(std::string_view copy_sql, const std::string& rows, std::string_view doing) {
  {
    const auto started = run(copy_sql);
    if (PQresultStatus(started.handle()) != PGRES_COPY_IN) fail(started, doing);
  }
  if (PQputCopyData(conn_, rows.data(), static_cast<int>(rows.size())) != 1 || PQputCopyEnd(conn_, nullptr) != 1) {
    fail_with(one_line(PQerrorMessage(conn_)), doing);
  }
  // The COPY's outcome, then the end of the command.
  for (PGresult* r = PQgetResult(conn_); r != nullptr; r = PQgetResult(conn_)) {
    const pg_result result(r);
    if (!result.ok()) fail(result, doing);
  }
}

void pg_connection::fail(const pg_result& result, std::string_view doing) const {
  auto detail = result.message();
  if (detail.empty()) detail = one_line(PQerrorMessage(conn_));
  fail_with(detail, doing);
}

void pg_connection::fail_with(std::string_view detail, std::string_view doing) const {
  std::string message = source_ + ": " + std::string(doing) + ": " + std::string(detail);
  if (PQstatus(conn_) == CONNECTION_BAD) message += " (the connection to the server was lost)";
  throw input_error(message);
}

std::string text_array(const std::vector<std::string>& values) {
  std::string out = "{";
  for (const auto& v : values) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (char c : v) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

}  // namespace benchgate::history
