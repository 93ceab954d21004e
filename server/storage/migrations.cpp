// SPDX-License-Identifier: Apache-2.0
#include "storage/migrations.h"

#include <string>

namespace adjutant::storage {

std::span<const Migration> migrations_for(Backend backend) {
    return backend == Backend::PostgreSQL ? embedded_postgres_migrations() : embedded_migrations();
}

int latest_schema_version(Backend backend) {
    int latest = 0;
    for (const auto& migration : migrations_for(backend))
        if (migration.version > latest) latest = migration.version;
    return latest;
}

int migrate(Database& db) {
    const int current = db.user_version();
    const int latest = latest_schema_version(db.backend());
    if (current > latest)
        throw Error(0, "database schema version " + std::to_string(current) +
                           " is newer than this binary knows (" + std::to_string(latest) +
                           "); refusing to start");
    int applied = 0;
    for (const auto& migration : migrations_for(db.backend())) {
        if (migration.version <= current) continue;
        Transaction transaction(db);
        // Another server starting at the same time may have applied it while this one waited.
        db.lock_schema();
        if (db.user_version() >= migration.version) continue;
        db.exec(migration.sql);
        db.set_user_version(migration.version);
        transaction.commit();
        ++applied;
    }
    return applied;
}

}  // namespace adjutant::storage
