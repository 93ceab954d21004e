// SPDX-License-Identifier: Apache-2.0
#include "storage/open.h"

#include "storage/postgres.h"
#include "storage/sqlite.h"

namespace adjutant::storage {

bool is_postgres_uri(const std::string& database) {
    return database.starts_with("postgresql://") || database.starts_with("postgres://");
}

std::unique_ptr<Database> connect(const std::string& database) {
    if (is_postgres_uri(database)) return std::make_unique<PostgresDatabase>(database);
    return std::make_unique<SqliteDatabase>(database);
}

}  // namespace adjutant::storage
