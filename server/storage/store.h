// SPDX-License-Identifier: Apache-2.0
// Store: every SQL statement of the server, as typed calls over one Database. Nothing outside
// server/storage/ writes SQL. All statements are prepared with bound parameters.
//
// Not thread-safe (see sqlite.h). Calls throw storage::Error on database failure. Callers that
// need several calls to be atomic open a storage::Transaction on database().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/absence_store.h"
#include "storage/account_store.h"
#include "storage/assignment_store.h"
#include "storage/attendance_store.h"
#include "storage/database.h"
#include "storage/draw_store.h"
#include "storage/observer_store.h"
#include "storage/press_store.h"
#include "storage/records.h"

namespace adjutant::storage {

class Store {
  public:
    explicit Store(Database& db) : db_(db) {}
    Database& database() { return db_; }
    // Press has its own file of SQL (press_store.h); it shares this store's connection.
    PressStore press() { return PressStore(db_); }
    DrawStore draws() { return DrawStore(db_); }
    AttendanceStore attendance() { return AttendanceStore(db_); }
    AbsenceStore absences() { return AbsenceStore(db_); }
    AccountStore accounts() { return AccountStore(db_); }
    ObserverStore observers() { return ObserverStore(db_); }
    AssignmentStore assignment() { return AssignmentStore(db_); }

    // Games. insert_game ignores row.id and returns the new id.
    std::int64_t insert_game(const GameRow& row);
    std::optional<GameRow> game(std::int64_t id);
    std::vector<GameRow> games();
    // Up to `limit` games with id > after_id, by id; ended games only if include_ended.
    // `status`, `variant`: only games with that value (empty: any); `open_only`: only games
    // with a seat nobody has taken.
    std::vector<GameRow> games_page(std::int64_t after_id, int limit, bool include_ended,
                                    std::optional<GameStatus> status = {},
                                    const std::string& variant = {}, bool open_only = false);
    std::optional<std::int64_t> game_by_gm_token_hash(const std::string& hash);
    // Writes the mutable fields (status, deadline, paused_remaining, winner, ended_at) and
    // bumps the revision.
    void update_game(const GameRow& row);
    // The settings a GM may change while the game runs: grace, missing-orders policy,
    // resolve when ready.
    void update_game_settings(const GameRow& row);
    void bump_revision(std::int64_t game_id);
    // The game's revision alone (none for an unknown game): what a cached view is checked
    // against when other servers write the database too.
    std::optional<std::int64_t> game_revision(std::int64_t game_id);
    // Active games whose deadline (plus grace) has passed at `now`.
    std::vector<std::int64_t> games_due(std::int64_t now);

    // Seats.
    void insert_seat(const SeatRow& row);
    std::vector<SeatRow> seats(std::int64_t game_id);
    std::optional<SeatRow> seat(std::int64_t game_id, const std::string& power);
    struct SeatKey {
        std::int64_t game_id;
        std::string power;
        std::string token_hash;
    };
    std::optional<SeatKey> seat_by_token_hash(const std::string& hash);
    void update_seat(const SeatRow& row);
    void clear_ready(std::int64_t game_id);

    // Phases. The current phase is the one with the highest seq.
    void insert_phase(const PhaseRow& row);
    std::optional<PhaseRow> phase(std::int64_t game_id, std::int64_t seq);
    std::optional<PhaseRow> current_phase(std::int64_t game_id);
    std::vector<PhaseRow> phases(std::int64_t game_id);
    // Writes orders, results, events, hash and resolved_at, if row.seq is still the game's
    // newest phase and unresolved; false (nothing written) otherwise. The guard that makes a
    // second resolve of one phase impossible, inside the resolving transaction.
    bool resolve_phase(const PhaseRow& row);
    // A forming game that changes variant: its orders, phases and seats are deleted and its
    // variant set; the caller inserts the new seats and first phase.
    void restart_game(std::int64_t game_id, const std::string& variant);
    // Replaces an unresolved phase's position (the GM's interdiction marks); resolved phases
    // are covered by the hash chain and never change.
    void set_phase_position(std::int64_t game_id, std::int64_t seq, const std::string& position);
    void set_phase_deadline(std::int64_t game_id, std::int64_t seq,
                            std::optional<std::int64_t> deadline);

    // Orders submitted for a phase; put_order replaces an earlier submission of the seat.
    void put_order(std::int64_t game_id, std::int64_t seq, const OrderRow& row);
    std::vector<OrderRow> orders(std::int64_t game_id, std::int64_t seq);
    std::optional<OrderRow> order(std::int64_t game_id, std::int64_t seq, const std::string& power);

    // GM audit log.
    void audit(std::optional<std::int64_t> game_id, const std::string& actor,
               const std::string& action, const std::string& detail, std::int64_t at);
    std::vector<AuditRow> audit_log(std::int64_t game_id);

    // Uploaded variants: server-wide (game_id none) or a GM's for one game.
    void put_variant(const std::string& name, const std::string& json, std::int64_t at,
                     std::optional<std::int64_t> game_id = std::nullopt);
    void delete_game_variants(std::int64_t game_id);
    std::vector<VariantRow> variants();
    std::optional<VariantRow> variant(std::string_view name);

    // Mail gateway. record_inbound returns false for a duplicate Message-ID.
    bool record_inbound(const std::string& message_id, const std::string& sender,
                        std::optional<std::int64_t> game_id,
                        const std::optional<std::string>& power, const std::string& body,
                        const std::string& status, std::int64_t at);
    std::int64_t enqueue_mail(const OutboxRow& row, std::int64_t at);
    // Due rows, oldest first; on PostgreSQL claimed for this server (storage/claims.h).
    std::vector<OutboxRow> mail_due(std::int64_t now, int limit);
    void mail_sent(std::int64_t id, std::int64_t at);
    void mail_failed(std::int64_t id, const std::string& error, std::int64_t retry_at,
                     bool give_up);

    // Mail gateway, schema/002_mail.sql. mail_secret: the server's key for seat mail keys;
    // set_mail_secret keeps an existing one (first writer wins).
    std::optional<std::string> mail_secret();
    void set_mail_secret(const std::string& hex);
    struct InboundRecord {
        std::string status;
        std::optional<std::int64_t> reply_outbox_id;
    };
    std::optional<InboundRecord> inbound(const std::string& message_id);
    void set_inbound_reply(const std::string& message_id, std::int64_t outbox_id);
    // Rejected inbound mail since `since`: from `sender`, or addressed to a seat.
    std::int64_t rejected_from(const std::string& sender, std::int64_t since);
    std::int64_t rejected_for_seat(std::int64_t game_id, const std::string& power,
                                   std::int64_t since);
    std::optional<OutboxRow> outbox_row(std::int64_t id);
    // Records a notification; false if it was recorded before (so it is queued only once).
    bool add_notice(std::int64_t game_id, std::int64_t seq, const std::string& kind,
                    const std::string& power, std::int64_t at);
    // (game_id, seq) of phases resolved at or after `since`, oldest first.
    std::vector<std::pair<std::int64_t, std::int64_t>> resolved_since(std::int64_t since);
    // Active games whose deadline falls before `until`.
    std::vector<std::int64_t> games_deadline_before(std::int64_t until);

  private:
    Database& db_;
};

}  // namespace adjutant::storage
