// SPDX-License-Identifier: Apache-2.0
#include "service/seat_service.h"

#include "service/absence.h"
#include "service/attendance.h"
#include "service/codec.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/mailbox.h"
#include "service/text.h"
#include "storage/audit_details.h"

namespace adjutant::service {

SeatGrant SeatService::join(std::int64_t game_id, std::string_view power_name,
                            const SeatRequest& who) {
    return take(game_id, power_name, who, Taking::Join);
}

SeatGrant SeatService::invite(const Caller& caller, std::int64_t game_id,
                              std::string_view power_name, const SeatRequest& who, bool replace) {
    require_gm(caller, game_id);
    return take(game_id, power_name, who, replace ? Taking::Replace : Taking::Invite);
}

// One path for every way a seat gets a player, so a join and a GM invitation cannot drift apart
// in what they check, store and audit. A new token is issued each time; the old one (if the GM
// replaces a player) stops working when the seat row is written.
SeatGrant SeatService::take(std::int64_t game_id, std::string_view power_name,
                            const SeatRequest& who, Taking how) {
    const auto& player = who.player;
    if (player) require_text(*player, "field 'player'", TextLines::One);
    const auto& email = who.email;
    if (email) require_mailbox(*email, "field 'email'");
    const auto locked = context_.lock();
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    if (game.row.status == GameStatus::ended) throw conflict("the game has ended");
    if (game.row.sandbox)
        throw conflict("a sandbox game has no seats to take: its GM orders for every power");
    const std::string power = canonical_power(game.variant->variant, power_name);
    // A game that assigns its powers (docs/assignment.md) gives them from its join list; the
    // GM may still invite a player to a power, which the assignment then leaves out.
    if (how == Taking::Join && game.row.status == GameStatus::forming &&
        store.assignment().mode(game_id) != to_string(AssignmentMode::first_come))
        throw conflict("this game assigns its powers: join its list without naming a power");
    storage::Transaction transaction(store.database());
    auto seat = store.seat(game_id, power);
    if (!seat) throw not_found("no seat " + power);
    const bool had_player = seat->token_hash.has_value();
    // A seat in civil disorder is the GM's to fill (njudge: the master finds a replacement),
    // by invite or replace; it is not open to anyone who passes by.
    const bool abandoned =
        had_player && store.attendance().seat(game_id, power).civil_disorder_since.has_value();
    if (had_player && how == Taking::Join)
        throw conflict(power + (abandoned ? " is in civil disorder: the GM invites its replacement"
                                          : " is already taken"));
    if (had_player && how == Taking::Invite && !abandoned)
        throw conflict(power + " is already taken; use replace to hand it to someone else");
    const std::string token = new_token("seat_");
    seat->player = player.value_or(power + " player");
    seat->email = email;
    seat->token_hash = sha256_hex(token);
    seat->ready = false;
    seat->joined_at = context_.now();
    store.update_seat(*seat);
    // The new player starts with a clean record: their own extensions, no missed phases, and
    // out of civil disorder. The phases already played keep their orders, by power.
    store.attendance().reset_seat(game_id, power);
    // A seat handed to someone else is no longer the old player's account's to act for.
    // Handed on before the end, the seat counts against the account's reliability as abandoned
    // (docs/accounts.md, "Reliability").
    if (had_player) {
        if (const auto binding = store.accounts().seat_binding(game_id, power))
            store.accounts().record_left(binding->account_id, game_id, power, context_.now());
        store.accounts().unbind_seat(game_id, power);
    }
    if (how == Taking::Join)
        store.audit(game_id, "player:" + power, "join",
                    storage::encode_audit_details({{"power", power}}), context_.now());
    else
        store.audit(game_id, "gm", how == Taking::Replace ? "replace" : "invite",
                    storage::encode_audit_details({{"power", power},
                                                   {"player", *seat->player},
                                                   {"replaced", had_player},
                                                   {"civil_disorder", abandoned}}),
                    context_.now());
    locked.changed(game_id);
    if (game.row.status == GameStatus::forming) start_when_full(locked, game);
    transaction.commit();
    return {game_id, power, token};
}

void SeatService::start_when_full(const Locked& locked, LoadedGame& game) {
    auto& store = locked.store();
    // A game that assigns its powers starts when its join list has a player for every open
    // seat: they are given their powers first.
    if (store.assignment().mode(game.row.id) != to_string(AssignmentMode::first_come)) {
        std::size_t open = 0;
        for (const auto& seat : store.seats(game.row.id))
            if (!seat.token_hash) ++open;
        std::size_t waiting = 0;
        for (const auto& row : store.assignment().joiners(game.row.id))
            if (!row.power) ++waiting;
        if (waiting < open) return;
        assign_joiners(locked, game);
    }
    // A forming game starts by itself once every seat is taken; the GM may start it earlier.
    for (const auto& seat : store.seats(game.row.id))
        if (!seat.token_hash) return;
    game.row.status = GameStatus::active;
    game.row.deadline = AbsenceService::schedule(
        locked, game.row.id, game.phase.seq, game.variant->variant, game.position,
        context_.now() + phase_seconds(game.row, game.phase.phase), context_.now());
    store.update_game(game.row);
    store.set_phase_deadline(game.row.id, game.phase.seq, game.row.deadline);
    store.audit(game.row.id, "server", "start", "{}", context_.now());
}

}  // namespace adjutant::service
