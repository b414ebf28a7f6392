#include "harness/history/sqlite_db.hpp"

#include <string>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::history {

namespace {

bool is_busy(int code) {
  const int primary = code & 0xff;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

// `path` for a file: URI, with the characters a URI gives a meaning
// (%, ?, #) escaped.
std::string uri_path(const std::string& path) {
  std::string out;
  for (const char ch : path) {
    if (ch == '%' || ch == '?' || ch == '#') {
      static constexpr char k_hex[] = "0123456789ABCDEF";
      out += '%';
      out += k_hex[(static_cast<unsigned char>(ch) >> 4) & 0xf];
      out += k_hex[static_cast<unsigned char>(ch) & 0xf];
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace

database::database(const std::filesystem::path& path, mode how, std::string source) : source_(std::move(source)) {
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  std::string name = path.string();
  if (how == mode::read_only) flags = SQLITE_OPEN_READWRITE;
  if (how == mode::immutable) {
    flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
    name = "file:" + uri_path(std::filesystem::absolute(path).string()) + "?immutable=1";
  }
  const int code = sqlite3_open_v2(name.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (code != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw input_error(source_ + ": cannot open the history store (SQLite: " + message + ")");
  }
  sqlite3_extended_result_codes(db_, 1);
  if (how == mode::read_only) execute("PRAGMA query_only = ON");
}

database::~database() { sqlite3_close_v2(db_); }

void database::fail(int code, std::string_view doing) const {
  std::string message = sqlite3_errmsg(db_);
  if (message.empty() || message == "not an error") message = sqlite3_errstr(code);
  const int primary = code & 0xff;
  std::string hint;
  if (primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT) {
    hint = "; expected a benchgate history store (an SQLite file made by 'benchgate history add')";
  } else if (is_busy(code)) {
    hint = "; another process held the store too long, try again";
  }
  throw input_error(source_ + ": " + std::string(doing) + " failed (SQLite: " + message + ")" + hint);
}

int database::exec(std::string_view sql) {
  char* error = nullptr;
  const std::string text(sql);
  const int code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error);
  sqlite3_free(error);
  return code;
}

void database::fail_running(int code, std::string_view sql) const {
  fail(code, "running '" + std::string(sql.substr(0, sql.find_first_of("(;"))) + "'");
}

void database::execute(std::string_view sql) {
  if (const int code = exec(sql); code != SQLITE_OK) fail_running(code, sql);
}

bool database::execute_unless_busy(std::string_view sql) {
  const int code = exec(sql);
  if (is_busy(code)) return false;
  if (code != SQLITE_OK) fail_running(code, sql);
  return true;
}

statement database::prepare(std::string_view sql) {
  sqlite3_stmt* handle = nullptr;
  const int code = sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &handle, nullptr);
  if (code != SQLITE_OK) fail(code, "reading");
  return statement(*this, handle);
}

std::int64_t database::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

std::int64_t database::query_int(std::string_view sql) {
  auto s = prepare(sql);
  if (!s.step()) return 0;
  return s.int_at(0);
}

statement::statement(const database& owner, sqlite3_stmt* handle) : owner_(&owner), handle_(handle) {}
statement::~statement() { sqlite3_finalize(handle_); }
statement::statement(statement&& other) noexcept : owner_(other.owner_), handle_(other.handle_) {
  other.handle_ = nullptr;
}

statement& statement::bind(int index, std::int64_t value) {
  if (const int code = sqlite3_bind_int64(handle_, index, value); code != SQLITE_OK) owner_->fail(code, "binding");
  return *this;
}
statement& statement::bind(int index, double value) {
  if (const int code = sqlite3_bind_double(handle_, index, value); code != SQLITE_OK) owner_->fail(code, "binding");
  return *this;
}
statement& statement::bind(int index, std::string_view value) {
  const int code = sqlite3_bind_text(handle_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  if (code != SQLITE_OK) owner_->fail(code, "binding");
  return *this;
}
statement& statement::bind_optional(int index, const std::optional<std::string>& value) {
  if (value) return bind(index, std::string_view(*value));
  if (const int code = sqlite3_bind_null(handle_, index); code != SQLITE_OK) owner_->fail(code, "binding");
  return *this;
}

bool statement::step() {
  const int code = sqlite3_step(handle_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  owner_->fail(code, "accessing the store");
}

void statement::run() {
  while (step()) {
  }
  reset();
}

void statement::reset() {
  sqlite3_reset(handle_);
  sqlite3_clear_bindings(handle_);
}

std::int64_t statement::int_at(int column) const { return sqlite3_column_int64(handle_, column); }
double statement::double_at(int column) const { return sqlite3_column_double(handle_, column); }
std::string statement::text_at(int column) const {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(handle_, column));
  if (text == nullptr) return {};
  return {text, static_cast<std::size_t>(sqlite3_column_bytes(handle_, column))};
}
bool statement::is_null(int column) const { return sqlite3_column_type(handle_, column) == SQLITE_NULL; }

}  // namespace benchgate::history
