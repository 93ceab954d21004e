// SPDX-License-Identifier: Apache-2.0
// Accounts (docs/accounts.md): a person known by a confirmed e-mail address, who holds seats in
// many games. No passwords: an account signs in by a single-use link mailed to its address,
// bound to the browser that asked for it, valid for accounts.link_seconds (15 minutes). A
// signed-in browser holds a session cookie; a script holds an account API token. Only hashes of
// the links, sessions and tokens are stored (service/crypto.h).
//
// Authorization stays where it is: an account acting on game G is resolved, per request, to the
// Caller of the seat it holds in G (caller_for), so every check of the other services
// (caller.h) applies to it unchanged; an account with no seat in G is Role::Account, which no
// check admits beyond the public. Seat tokens keep working as before.
//
// Thread-safe: every call that touches the database takes the context's lock; the sign-in
// counters have their own.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "service/caller.h"
#include "service/context.h"
#include "service/mail.h"
#include "service/press_service.h"

namespace adjutant::service {

struct AccountSettings {
    std::int64_t link_seconds = 15 * 60;
    std::int64_t session_seconds = 30 * 24 * 3600;
    int sign_ins_per_hour_per_email = 5;     // 0: unlimited
    int sign_ins_per_hour_per_address = 20;  // 0: unlimited
    MailIdentity mail;  // the web's address for the links, the domain for Message-IDs
};

struct Account {
    std::int64_t id = 0;
    std::string email;
    std::string display_name;
    std::string time_zone;
    std::int64_t created_at = 0;
};

// The answer to a sign-in request, the same whether the address has an account or not: the
// value of the browser-binding cookie, which the adapter sets and the confirmation must carry.
struct SignInStarted {
    std::string binding;
    std::int64_t expires_in = 0;  // seconds, the link's and the cookie's
};

struct SignedIn {
    Account account;
    bool created = false;  // the link created the account
    std::string session;   // the session cookie's value, shown this once
    std::int64_t expires_in = 0;
    std::string csrf_token;  // what state-changing requests with the cookie carry
};

// A confirmed change of address (a change_email link): the account as it is now.
struct EmailConfirmed {
    Account account;
};

// What a link confirmed: a sign-in (with its session) or an address change.
struct LinkConfirmed {
    std::optional<SignedIn> signed_in;
    std::optional<EmailConfirmed> email_changed;
};

struct ProfileChange {
    std::optional<std::string> display_name;
    std::optional<std::string> time_zone;
    std::optional<std::string> email;  // confirmed by a link to the new address first
};

struct ProfileChanged {
    Account account;
    std::optional<std::string> pending_email;  // a link was mailed there
};

struct AccountToken {
    std::int64_t id = 0;
    std::string name;
    std::int64_t created_at = 0;
    std::optional<std::int64_t> revoked_at;
    std::string token;  // only in the answer that created it
};

// One seat the account holds, for "My games".
struct AccountSeat {
    std::int64_t game_id = 0;
    std::string game_name;
    std::string variant;
    std::string status;
    std::string power;
    std::string phase;
    std::optional<std::int64_t> deadline;
    bool orders_in = false;  // this seat's orders for the current phase are submitted
    std::int64_t unread_press = 0;
};

// A confirmed observer of a game, for its GM.
struct GameObserver {
    std::string email;
    bool account = false;  // followed by an account (the API), not by mail
    std::int64_t since = 0;
};

// An account's reliability (docs/accounts.md, "Reliability"): counted from the record of the
// seats it holds or held, never typed in. Public: counts and a percentage only.
struct Reliability {
    std::int64_t phases_on_time = 0;
    std::int64_t phases_missed = 0;  // civil disorders included
    std::int64_t civil_disorders = 0;
    std::int64_t games_finished = 0;
    std::int64_t games_abandoned = 0;
    std::optional<std::int64_t> percent;  // on time of all counted phases; none: none counted
    std::optional<std::int64_t> average_submit_seconds;  // none: no timed phase
};

class AccountService {
  public:
    AccountService(ServiceContext& context, PressService& press)
        : context_(context), press_(press) {}

    void configure(const AccountSettings& settings);
    const AccountSettings& settings() const { return settings_; }

    // Mails a sign-in link to `email` and answers the same whether it has an account or not.
    // A non-empty `client_address` counts against the per-address limit, the address against
    // the per-email limit (429 "rate_limited" with details.retry_after).
    SignInStarted request_sign_in(std::string_view email, std::string_view client_address);
    // Confirms a link: a sign-in link only with its browser's `binding` cookie (403
    // "wrong_browser", the link still usable), once (410 "link_used"), in time (410
    // "link_expired"); an unknown link is 404 "invalid_link". A sign-in creates the account on
    // first use and opens a session; an address change takes effect.
    LinkConfirmed confirm_link(std::string_view token, std::string_view binding);
    void sign_out(std::string_view session);

    // The account a session cookie or an account API token names, if it is valid now.
    std::optional<std::int64_t> session_account(std::string_view session);
    std::optional<std::int64_t> token_account(std::string_view token);
    // The value a state-changing request with the session cookie must carry in X-CSRF-Token:
    // derived from the session, so it needs no storage, and useless without the cookie.
    static std::string csrf_token(std::string_view session);
    // 403 "csrf" unless `header` is the session's CSRF token.
    static void require_csrf(std::string_view session, std::string_view header);

    // The Caller the account acts as on `game_id`: the Player of the seat it holds there, else
    // Role::Account. game_id 0: no game (Role::Account).
    Caller caller_for(std::int64_t account_id, std::int64_t game_id);

    Account me(std::int64_t account_id);
    ProfileChanged update_me(std::int64_t account_id, const ProfileChange& change);

    AccountToken create_token(std::int64_t account_id, std::string_view name);
    std::vector<AccountToken> list_tokens(std::int64_t account_id);
    void revoke_token(std::int64_t account_id, std::int64_t token_id);

    // 404 when there is no such account.
    Reliability reliability(std::int64_t account_id);
    static Reliability reliability(const Locked& locked, std::int64_t account_id);

    // Before a join of `game_id`: 403 when the game asks a minimum reliability and the joiner
    // has no account ("sign in to join this game") or an account below it. An account with no
    // counted phase has no percentage yet and is admitted.
    void require_reliability(std::optional<std::int64_t> account_id, std::int64_t game_id);

    std::vector<AccountSeat> my_games(std::int64_t account_id);
    // Binds the seat whose bearer token is `seat_token` (of `game_id`, `power`) to the account:
    // proof of both. 403 when the token is not that seat's; 409 when the account holds another
    // seat of the game or another account holds this one.
    AccountSeat claim(std::int64_t account_id, std::int64_t game_id, std::string_view power,
                      std::string_view seat_token);
    // After a join made while signed in: binds the new seat (its token just issued).
    void bind_joined(std::int64_t account_id, std::int64_t game_id, const std::string& power);

    // The mail commands (mail_body_commands.cpp's REGISTER and SIGNON), inside the mail's
    // transaction: the answer's text. REGISTER mails `sender` a sign-in link bound to no
    // browser; SIGNON lists the sender's seats in the game and binds those registered with the
    // sender's address to the sender's account. Both count against the per-email sign-in limit,
    // as the sender may be forged; none: not answered (over the limit, or no usable address).
    std::optional<std::string> mail_register(const Locked& locked, const std::string& sender);
    std::optional<std::string> mail_signon(const Locked& locked, const std::string& sender,
                                           std::int64_t game_id);

    // Observers (docs/observers.md; account_observers.cpp). The account follows the game (or
    // stops): its confirmed address is mailed the public results of each phase. 404 for no
    // game; 409 for a sandbox or an ended game (following only).
    void observe(std::int64_t account_id, std::int64_t game_id, bool follow);
    // The GM's list of a game's confirmed observers (their addresses; 403 for anyone else).
    std::vector<GameObserver> observers(const Caller& caller, std::int64_t game_id);

    // 400 unless `zone` is an IANA time zone name this machine knows ("UTC" always).
    static void require_time_zone(std::string_view zone);

  private:
    void count_sign_in(std::string_view email, std::string_view client_address);
    std::string mail_link(const Locked& locked, const std::string& email,
                          const std::string& purpose, std::optional<std::int64_t> account_id,
                          std::optional<std::string> binding_hash);
    Account load_account(const Locked& locked, std::int64_t account_id);

    ServiceContext& context_;
    PressService& press_;
    AccountSettings settings_;
    std::mutex rate_mutex_;
    std::unordered_map<std::string, std::vector<std::int64_t>> by_email_;
    std::unordered_map<std::string, std::vector<std::int64_t>> by_address_;
};

}  // namespace adjutant::service
