// SPDX-License-Identifier: Apache-2.0
#include "storage/open.h"

#include "storage/postgres.h"
#include "storage/sqlite.h"

namespace adjutant::storage {

bool is_postgres_uri(const std::string& database) {
    return database.starts_with("postgresql://") || database.starts_with("postgres://");
}

std::string printable_database(const std::string& database) {
    if (!is_postgres_uri(database)) return database;
    std::string out = database;
    const std::size_t authority = out.find("://") + 3;
    const std::size_t at = out.find('@', authority);
    const std::size_t slash = out.find('/', authority);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
        const std::size_t colon = out.find(':', authority);
        if (colon != std::string::npos && colon < at) out.erase(colon, at - colon);
    }
    // Parameters may carry a password too; none of them is needed to name the database.
    if (const std::size_t query = out.find('?'); query != std::string::npos) out.erase(query);
    return out;
}

std::unique_ptr<Database> connect(const std::string& database) {
    if (is_postgres_uri(database)) return std::make_unique<PostgresDatabase>(database);
    return std::make_unique<SqliteDatabase>(database);
}

}  // namespace adjutant::storage
