// SPDX-License-Identifier: Apache-2.0
#include "storage/observer_store.h"

#include "storage/statements.h"

namespace adjutant::storage {

using statements::execute;
using statements::query_all;
using statements::query_one;

namespace {

constexpr const char* kSelect =
    "SELECT game_id, email, account_id, code_hash, created_at, confirmed_at FROM observers ";

ObserverRow read_observer(const Statement& s) {
    ObserverRow row;
    row.game_id = s.integer(0);
    row.email = s.text(1);
    row.account_id = s.optional_integer(2);
    row.code_hash = s.optional_text(3);
    row.created_at = s.integer(4);
    row.confirmed_at = s.optional_integer(5);
    return row;
}

}  // namespace

std::optional<ObserverRow> ObserverStore::observer(std::int64_t game_id, const std::string& email) {
    return query_one(db_, std::string(kSelect) + "WHERE game_id = ?1 AND email = ?2", read_observer,
                     game_id, email);
}

void ObserverStore::put(const ObserverRow& r) {
    execute(db_,
            "INSERT INTO observers (game_id, email, account_id, code_hash, created_at, "
            "confirmed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (game_id, email) DO UPDATE "
            "SET account_id = ?3, code_hash = ?4, created_at = ?5, confirmed_at = ?6",
            r.game_id, r.email, r.account_id, r.code_hash, r.created_at, r.confirmed_at);
}

bool ObserverStore::remove(std::int64_t game_id, const std::string& email) {
    const bool had = observer(game_id, email).has_value();
    execute(db_, "DELETE FROM observers WHERE game_id = ?1 AND email = ?2", game_id, email);
    return had;
}

std::vector<ObserverRow> ObserverStore::confirmed(std::int64_t game_id) {
    return query_all(
        db_,
        std::string(kSelect) + "WHERE game_id = ?1 AND confirmed_at IS NOT NULL ORDER BY email",
        read_observer, game_id);
}

}  // namespace adjutant::storage
