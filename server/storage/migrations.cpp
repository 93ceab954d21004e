// SPDX-License-Identifier: Apache-2.0
#include "storage/migrations.h"

#include <string>

namespace adjutant::storage {

int latest_schema_version() {
    int latest = 0;
    for (const auto& migration : embedded_migrations())
        if (migration.version > latest) latest = migration.version;
    return latest;
}

int migrate(Database& db) {
    const int current = db.user_version();
    const int latest = latest_schema_version();
    if (current > latest)
        throw Error(0, "database schema version " + std::to_string(current) +
                           " is newer than this binary knows (" + std::to_string(latest) +
                           "); refusing to start");
    int applied = 0;
    for (const auto& migration : embedded_migrations()) {
        if (migration.version <= current) continue;
        Transaction transaction(db);
        db.exec(migration.sql);
        db.set_user_version(migration.version);
        transaction.commit();
        ++applied;
    }
    return applied;
}

}  // namespace adjutant::storage
