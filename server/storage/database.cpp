// SPDX-License-Identifier: Apache-2.0
#include "storage/database.h"

namespace adjutant::storage {

Transaction::Transaction(Database& db, Durability durability) : db_(db), outer_(db.depth_ == 0) {
    if (outer_) db_.begin(durability);
    ++db_.depth_;
}

Transaction::~Transaction() {
    --db_.depth_;
    if (outer_ && !done_) db_.rollback();
}

void Transaction::commit() {
    if (outer_ && !done_) db_.commit();
    done_ = true;
}

}  // namespace adjutant::storage
