// SPDX-License-Identifier: Apache-2.0
// Which backend a "database" setting names: a postgresql:// (or postgres://) connection URI is
// a PostgreSQL database; anything else is an SQLite file (":memory:" for tests).
#pragma once

#include <memory>
#include <string>

#include "storage/database.h"

namespace adjutant::storage {

bool is_postgres_uri(const std::string& database);
// The setting as it may be printed or logged: a URI's password (user:PASSWORD@, or a
// password= parameter) left out. A file path is returned as it is.
std::string printable_database(const std::string& database);
// Connects (PostgreSQL) or opens, creating the file if needed (SQLite). No migration.
std::unique_ptr<Database> connect(const std::string& database);

}  // namespace adjutant::storage
