// SPDX-License-Identifier: Apache-2.0
// ObserverStore: the SQL of observers (schema/013_observers.sql): the addresses that follow a
// game, pending (a confirmation code mailed) or confirmed. What they mean is the service's
// (docs/observers.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage {

struct ObserverRow {
    std::int64_t game_id = 0;
    std::string email;  // lower-case
    std::optional<std::int64_t> account_id;
    std::optional<std::string> code_hash;  // set while pending
    std::int64_t created_at = 0;
    std::optional<std::int64_t> confirmed_at;
};

class ObserverStore {
  public:
    explicit ObserverStore(Database& db) : db_(db) {}

    std::optional<ObserverRow> observer(std::int64_t game_id, const std::string& email);
    // Inserts or replaces the row of (game_id, email).
    void put(const ObserverRow& row);
    // True if there was a row.
    bool remove(std::int64_t game_id, const std::string& email);
    // The confirmed observers of a game, by address.
    std::vector<ObserverRow> confirmed(std::int64_t game_id);

  private:
    Database& db_;
};

}  // namespace adjutant::storage
