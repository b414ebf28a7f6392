#pragma once
// The history store in one SQLite file (store.hpp; docs/history.md,
// "SQLite"). Writers wait for each other (busy timeout, WAL); a schema 1
// file is read as it is and upgraded to schema 2 inside the first add's
// transaction.

#include <memory>
#include <string>

#include "harness/history/store.hpp"

namespace benchgate::history {

// PRAGMA application_id: "BGHS", marks the file as a benchgate history store.
inline constexpr std::int32_t k_store_application_id = 0x42474853;

std::unique_ptr<store> make_sqlite_store(const std::string& path, const std::string& source);

}  // namespace benchgate::history
