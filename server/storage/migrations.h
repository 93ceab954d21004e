// SPDX-License-Identifier: Apache-2.0
// Schema migrations: the numbered files schema/NNN_name.sql, embedded into the binary at build
// time so a deployed executable carries its own schema. The applied version lives in
// PRAGMA user_version.
#pragma once

#include <span>
#include <string_view>

#include "storage/sqlite.h"

namespace adjutant::storage {

struct Migration {
    int version;  // NNN from the file name
    std::string_view name;
    std::string_view sql;
};

// Every embedded migration, in version order (generated from schema/ by the build).
std::span<const Migration> embedded_migrations();
int latest_schema_version();

// Applies every pending migration, each in its own transaction together with the bump of
// user_version. Returns the number applied. Throws Error when the database's version is newer
// than this binary knows: running old code on a newer schema could corrupt it.
int migrate(Database& db);

}  // namespace adjutant::storage
