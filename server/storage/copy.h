// SPDX-License-Identifier: Apache-2.0
// `adjutant migrate --from FILE --to postgresql://…`: a whole site copied from its SQLite file
// into an empty PostgreSQL database, in one transaction of the target, every table's rows as
// they are (ids included), so the copy is the same site: tokens, hash chains, seeds, outbox.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "storage/postgres.h"
#include "storage/sqlite.h"

namespace adjutant::storage {

// (table, rows copied), in copy order.
using CopyCounts = std::vector<std::pair<std::string, std::int64_t>>;

// Both databases migrated to their latest schema; the target must hold no rows. Throws Error
// when it does, when the source has a table or column the target lacks (a schema this binary
// does not know how to copy), or when a table's count differs after the copy.
CopyCounts copy_sqlite_to_postgres(SqliteDatabase& from, PostgresDatabase& to);

}  // namespace adjutant::storage
