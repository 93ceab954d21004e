// SPDX-License-Identifier: Apache-2.0
// The service layer's front door. GameService owns the services that each do one job (orders,
// seats, resolution, mail, the game documents) over one shared context, and itself authenticates
// tokens, keeps the variants, creates and lists games, and runs the GM's actions. HTTP handlers,
// the scheduler, the mail gateway and the CLI's game commands call only the service layer, never
// SQL or the adjudicator (docs/design.md, "Data flow"); the CLI's `adjudicate` (one phase, no
// game) and its database commands (migrate, copy, check) use the adjudicator and storage
// directly, as they have no game to serve.
//
// Authorization is decided in the services, not in the adapters: each call takes the Caller
// that authenticate() produced from a bearer token. Failures throw ApiError (service/error.h);
// database failures throw storage::Error.
//
// Thread-safe: one lock serialises every call that touches the database (service/context.h).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "service/absence.h"
#include "service/account_service.h"
#include "service/caller.h"
#include "service/context.h"
#include "service/draw_service.h"
#include "service/feed_service.h"
#include "service/game_results.h"
#include "service/game_views.h"
#include "service/gm_action.h"
#include "service/gm_input.h"
#include "service/mail_service.h"
#include "service/order_service.h"
#include "service/press_service.h"
#include "service/resolution_service.h"
#include "service/seat_service.h"
#include "service/variants.h"
#include "service/view_cache.h"

namespace adjutant::service {

// Limits the service enforces on anonymous and GM requests (config::Limits, docs/server.md).
struct ServiceLimits {
    int games_per_hour_per_address = 20;  // 0: unlimited
    std::size_t gm_variant_bytes = 64 * 1024;
    int reminder_seconds = 6 * 3600;  // mail.reminder_seconds, for the web's phase guidance
    std::size_t view_cache_bytes = ViewBudget::kDefaultLimit;  // service/view_cache.h
};

class GameService {
  public:
    using Clock = ServiceContext::Clock;

    // `admin_token_hash`: sha256_hex of the configured admin token; empty disables admin.
    // `flush`: for tests, what the group commit runs instead of flushing the WAL
    // (storage/group_sync.h).
    GameService(storage::Database& db, VariantRegistry& variants, std::string admin_token_hash,
                Clock clock = {}, storage::GroupSync::Flush flush = {});

    // Who holds `token` (empty for none). An unknown token is Anonymous; callers that need a
    // role turn that into 401.
    Caller authenticate(std::string_view token);

    void set_limits(const ServiceLimits& limits);

    // Variants. upload_variant: admin only, for every game; validated like `adjutant variant
    // check`. upload_game_variant: the game's GM, while the game is forming and no seat is
    // taken: validated the same way, at most limits.gm_variant_bytes, registered for that
    // game only ("name@g<game>"), and the game restarts on it (new seats, first phase).
    std::vector<VariantListing> list_variants();
    // The variant's file as it was loaded (the API's document is that file).
    std::string get_variant(std::string_view name);
    VariantUpload upload_variant(const Caller& caller, std::string_view json_text);
    GameVariantUpload upload_game_variant(const Caller& caller, std::int64_t game_id,
                                          std::string_view json_text);

    // Games. create_game's answer carries the GM token, shown only this once. A non-empty
    // `client_address` counts against limits.games_per_hour_per_address (429 "rate_limited"
    // with details.retry_after seconds); in-process callers and the admin pass none.
    CreatedGame create_game(const CreateGameRequest& request, std::string_view client_address = {});
    // One page of games by id. Ended games only for the admin.
    GamePage list_games(const Caller& caller, std::int64_t after = 0, int limit = 50,
                        const GameFilter& filter = {});
    // For in-process callers outside the server (the HTTP benchmark, the fuzzer), written
    // before SeatService: seats().join().
    SeatGrant join(std::int64_t game_id, std::string_view power, const SeatRequest& who);
    std::shared_ptr<const GameView> game_view(std::int64_t game_id);  // views().game_view()

    // GM actions (service/gm_action.h), each audited. A resolve must name the phase it
    // resolves: action.phase (the code, "S1901M") or action.if_match (the phase's ETag,
    // phase_etag()); a stale one is 409 "stale_phase", none 428 "phase_required", both with the
    // current phase in details.
    GmActionResult gm_action(const Caller& caller, std::int64_t game_id, const GmAction& action);
    AuditLog audit_log(const Caller& caller, std::int64_t game_id);
    // What the GM reads before he takes a module's `action` on the current phase (the tabletop
    // battles and the results entered, for "battles"), for its GM only (service/gm_input.h).
    GmActionView gm_action_view(const Caller& caller, std::int64_t game_id,
                                std::string_view action);

    // An account's absence (docs/absence.md, "For an account"): the same declaration on each
    // seat the account holds, each within its own game's limits and as that seat's player; one
    // game's refusal does not stop the others. Empty: the account holds no seat.
    std::vector<AccountAbsence> declare_account_absence(std::int64_t account_id,
                                                        const AbsenceRequest& request);

    // The services with one job each, sharing this one's context.
    // Another server's change notice, heard by the change listener (other_servers.h).
    void apply_change_notice(std::string_view notice);

    ResolutionService& resolution() { return resolution_; }
    ViewCacheFigures view_cache_figures() const { return context_.view_cache_figures(); }
    OrderService& orders() { return orders_; }
    SeatService& seats() { return seats_; }
    GameViews& views() { return views_; }
    MailService& mail() { return mail_; }
    PressService& press() { return press_; }
    DrawService& draws() { return draws_; }
    AbsenceService& absences() { return absences_; }
    FeedService& feeds() { return feeds_; }
    AccountService& accounts() { return accounts_; }

  private:
    std::shared_ptr<const LoadedVariant> find_variant(std::string_view name);
    // One per kind of GM action, or group of kinds (gm_actions.cpp).
    GmActionResult gm_resolve(const Locked& locked, const LoadedGame& game, const GmAction& action);
    GmActionResult gm_press(const Locked& locked, const LoadedGame& game,
                            const PressRulesChange& change);
    GmActionResult gm_settings(const Locked& locked, LoadedGame& game,
                               const SettingsChange& change);
    GmActionResult gm_change(const Locked& locked, LoadedGame& game, const GmAction& action);
    void count_game_creation(std::string_view client_address);

    ServiceContext context_;
    std::string admin_token_hash_;
    ServiceLimits limits_;
    ResolutionService resolution_{context_};
    OrderService orders_{context_, resolution_};
    SeatService seats_{context_};
    GameViews views_{context_};
    PressService press_{context_};
    DrawService draws_{context_};
    AbsenceService absences_{context_};
    FeedService feeds_{context_, press_};
    AccountService accounts_{context_, press_};
    MailService mail_{context_, views_, orders_, press_, draws_, accounts_};
    // Game creations per client address in the last hour (in memory: a restart forgets them).
    std::mutex rate_mutex_;
    std::unordered_map<std::string, std::vector<std::int64_t>> creations_;
};

}  // namespace adjutant::service
