// SPDX-License-Identifier: Apache-2.0
// How a transaction's COMMIT reaches the disk (storage::Transaction, storage::GroupSync).
#pragma once

namespace adjutant::storage {

enum class Durability {
    // COMMIT returns once the transaction is on disk (synchronous=FULL: one fsync each).
    Synced,
    // COMMIT returns once the transaction is in the WAL file, not yet flushed: the caller
    // reports it done only after a GroupSync flush that began after COMMIT returned, so
    // transactions committed together share one fsync.
    Deferred,
};

}  // namespace adjutant::storage
