// SPDX-License-Identifier: Apache-2.0
// AccountStore: the SQL of accounts (schema/009_accounts.sql, docs/accounts.md): the accounts,
// the links that confirm an address, the sessions, the API tokens and the seats an account
// holds. Secrets arrive here already hashed (service/crypto.h); what they mean is the service's
// (service/account_service.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

namespace adjutant::storage {

struct AccountRow {
    std::int64_t id = 0;
    std::string email;
    std::string display_name;
    std::string time_zone = "UTC";
    std::int64_t created_at = 0;
};

struct AccountLinkRow {
    std::string token_hash;
    std::string purpose;  // sign_in | change_email
    std::string email;
    std::optional<std::int64_t> account_id;
    std::optional<std::string> binding_hash;
    std::int64_t created_at = 0;
    std::int64_t expires_at = 0;
    std::optional<std::int64_t> used_at;
};

struct AccountTokenRow {
    std::int64_t id = 0;
    std::int64_t account_id = 0;
    std::string name;
    std::int64_t created_at = 0;
    std::optional<std::int64_t> revoked_at;
};

struct SeatAccountRow {
    std::int64_t game_id = 0;
    std::string power;
    std::int64_t account_id = 0;
    std::int64_t bound_at = 0;
};

// The counts of an account's reliability (schema/012_reliability.sql, docs/accounts.md,
// "Reliability"), over every seat it holds or held.
struct ReliabilityRow {
    std::int64_t on_time = 0;          // phases it had to order and ordered
    std::int64_t missed = 0;           // phases it had to order and missed (with civil disorders)
    std::int64_t civil_disorders = 0;  // phases whose miss put the seat in civil disorder
    std::int64_t finished = 0;         // ended games in which it still holds its seat
    std::int64_t abandoned = 0;        // seats handed to another player before the game ended
    std::int64_t timed = 0;            // on-time phases with a known start (not the first)
    std::int64_t timed_seconds = 0;    // their orders' time after the phase started, summed
};

class AccountStore {
  public:
    explicit AccountStore(Database& db) : db_(db) {}

    // Accounts. insert_account returns the new id; `email` is unique.
    std::int64_t insert_account(const std::string& email, std::int64_t at);
    std::optional<AccountRow> account(std::int64_t id);
    std::optional<AccountRow> account_by_email(const std::string& email);
    void update_profile(std::int64_t id, const std::string& display_name,
                        const std::string& time_zone);
    void update_email(std::int64_t id, const std::string& email);

    // Links.
    void insert_link(const AccountLinkRow& row);
    std::optional<AccountLinkRow> link(const std::string& token_hash);
    // Marks the link used if it was not; false when it already was (a second confirmation).
    bool use_link(const std::string& token_hash, std::int64_t at);
    // Deletes links that expired before `before`.
    void delete_expired_links(std::int64_t before);

    // Sessions.
    void insert_session(const std::string& id_hash, std::int64_t account_id, std::int64_t at,
                        std::int64_t expires_at);
    // The session's account while it has not expired at `now`.
    std::optional<std::int64_t> session_account(const std::string& id_hash, std::int64_t now);
    void delete_session(const std::string& id_hash);
    void delete_expired_sessions(std::int64_t before);

    // API tokens.
    std::int64_t insert_token(std::int64_t account_id, const std::string& name,
                              const std::string& token_hash, std::int64_t at);
    std::vector<AccountTokenRow> tokens(std::int64_t account_id);
    // The account of a token that is not revoked.
    std::optional<std::int64_t> token_account(const std::string& token_hash);
    // false when the account has no such token, or it was revoked before.
    bool revoke_token(std::int64_t account_id, std::int64_t token_id, std::int64_t at);

    // Seats held.
    void bind_seat(std::int64_t game_id, const std::string& power, std::int64_t account_id,
                   std::int64_t at);
    void unbind_seat(std::int64_t game_id, const std::string& power);
    std::optional<SeatAccountRow> seat_binding(std::int64_t game_id, const std::string& power);
    // The account's seat in a game, if it holds one.
    std::optional<std::string> seat_of(std::int64_t account_id, std::int64_t game_id);
    // Every seat the account holds, by game id.
    std::vector<SeatAccountRow> seats(std::int64_t account_id);

    // Reliability. One phase's outcome for a seat the account holds (on_time | missed |
    // civil_disorder); a seat it lost before the end of its game.
    void record_phase(std::int64_t account_id, std::int64_t game_id, std::int64_t seq,
                      const std::string& power, const std::string& outcome);
    void record_left(std::int64_t account_id, std::int64_t game_id, const std::string& power,
                     std::int64_t at);
    ReliabilityRow reliability(std::int64_t account_id);
    // A game's minimum reliability to join (percent); none (or 0 given): no minimum.
    std::optional<std::int64_t> min_reliability(std::int64_t game_id);
    void set_min_reliability(std::int64_t game_id, std::int64_t percent);

  private:
    Database& db_;
};

}  // namespace adjutant::storage
