// SPDX-License-Identifier: Apache-2.0
// The backend halves of storage/claims.h, each with its own SQL: sqlite_claims.cpp and
// postgres_claims.cpp. Only the storage files include this header.
#pragma once

#include <cstdint>
#include <vector>

#include "storage/database.h"
#include "storage/records.h"

namespace adjutant::storage {

OutboxRow read_outbox_row(const Statement& s);  // id, recipient, subject, body, headers, attempts

namespace sqlite_claims {
std::vector<OutboxRow> due_mail(Database& db, std::int64_t now, int limit);
}  // namespace sqlite_claims

namespace postgres_claims {
bool due_game(Database& db, std::int64_t game_id, std::int64_t now);
void lock_game(Database& db, std::int64_t game_id);
std::vector<OutboxRow> due_mail(Database& db, std::int64_t now, int limit);
}  // namespace postgres_claims

}  // namespace adjutant::storage
