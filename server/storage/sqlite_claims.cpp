// SPDX-License-Identifier: Apache-2.0
// SQLite's claims (storage/claims.h): one server per database, so the due rows are read as
// they are and nothing is locked.
#include "storage/backend_claims.h"
#include "storage/statements.h"

namespace adjutant::storage::sqlite_claims {

std::vector<OutboxRow> due_mail(Database& db, std::int64_t now, int limit) {
    return statements::query_all(
        db,
        "SELECT id, recipient, subject, body, headers, attempts FROM mail_outbox "
        "WHERE status = 'pending' AND next_attempt <= ?1 ORDER BY next_attempt, id "
        "LIMIT ?2",
        read_outbox_row, now, std::int64_t{limit});
}

}  // namespace adjutant::storage::sqlite_claims
