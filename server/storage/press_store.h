// SPDX-License-Identifier: Apache-2.0
// PressStore: the SQL of press (schema/005_press.sql): a game's press rules, its messages and
// their recipients, and how far each reader has read each conversation. Who may read what is
// the service's decision (service/press_service.h); this layer only runs the queries it asks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage {

struct PressRulesRow {
    std::string rule = "full";  // none | public | full
    bool grey = false;
    bool in_retreats = true;
    bool in_adjustments = true;
    bool gm_reads_all = true;
    bool publish_at_end = true;
};

struct PressRow {
    std::int64_t id = 0;
    std::int64_t game_id = 0;
    std::int64_t seq = 0;
    std::string phase;
    std::string sender;                   // a power or "GM"
    std::vector<std::string> recipients;  // powers and "GM", sorted
    bool broadcast = false;
    bool grey = false;
    std::string body;
    std::string source;  // web | email | api
    std::int64_t sent_at = 0;
};

// Which messages a query returns: every one of the game (`everything`), or those `reader`
// sent or received, and with `broadcasts` also every message to all powers.
struct PressFilter {
    bool everything = false;
    std::string reader;
    bool broadcasts = false;
};

class PressStore {
  public:
    explicit PressStore(Database& db) : db_(db) {}

    std::optional<PressRulesRow> rules(std::int64_t game_id);
    void put_rules(std::int64_t game_id, const PressRulesRow& rules);

    // Ignores row.id; returns the new id. The recipients are written one per row as well.
    std::int64_t insert(const PressRow& row);
    // Oldest first, ids above `after`, at most `limit`.
    std::vector<PressRow> messages(std::int64_t game_id, const PressFilter& filter,
                                   std::int64_t after, int limit);
    std::optional<PressRow> message(std::int64_t game_id, std::int64_t id);
    // Every game's messages sent at or after `since`, oldest first, at most `limit`: what the
    // mail notifications deliver.
    std::vector<PressRow> sent_since(std::int64_t since, int limit);
    // How many messages `sender` sent during phase `seq` (the per-phase cap).
    std::int64_t sent_in_phase(std::int64_t game_id, std::int64_t seq, const std::string& sender);

    // (conversation, last read id) for `reader`.
    std::vector<std::pair<std::string, std::int64_t>> read_marks(std::int64_t game_id,
                                                                 const std::string& reader);
    // Moves the mark forward only: a stale client cannot mark read messages unread.
    void mark_read(std::int64_t game_id, const std::string& reader, const std::string& conversation,
                   std::int64_t last_read);

  private:
    Database& db_;
};

}  // namespace adjutant::storage
