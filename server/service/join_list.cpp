// SPDX-License-Identifier: Apache-2.0
// The join list of a game that assigns its powers (docs/assignment.md, service/seat_service.h):
// joining it, a player's own ranking, the GM's view of the list, and the assignment itself.
#include <algorithm>

#include "core/text.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/mailbox.h"
#include "service/seat_service.h"
#include "service/text.h"
#include "storage/audit_details.h"

namespace adjutant::service {

namespace {

AssignmentMode mode_of(storage::Store& store, std::int64_t game_id) {
    return parse_assignment_mode(store.assignment().mode(game_id))
        .value_or(AssignmentMode::first_come);
}

std::vector<std::string> open_powers(storage::Store& store, const LoadedGame& game) {
    std::vector<std::string> open;
    for (const auto& power : game.variant->variant.powers)
        if (auto seat = store.seat(game.row.id, power.name); seat && !seat->token_hash)
            open.push_back(power.name);
    return open;
}

// The caller's row on the list: a joiner by place, a seated player by the power given them.
storage::JoinerRow own_row(storage::Store& store, const Caller& caller, std::int64_t game_id) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    if ((caller.role != Role::Joiner && caller.role != Role::Player) || caller.game_id != game_id)
        throw forbidden("a token of this game's join list is required");
    if (mode_of(store, game_id) == AssignmentMode::first_come)
        throw conflict(
            "this game's players take their powers first come, first served: it "
            "has no rankings");
    // A seat's player is the one the list gave it only while the seat keeps the list's token:
    // a player the GM put in later never reads the first one's ranking.
    std::optional<std::string> seat_token;
    if (caller.role == Role::Player)
        if (auto seat = store.seat(game_id, caller.power)) seat_token = seat->token_hash;
    for (auto& row : store.assignment().joiners(game_id))
        if (caller.role == Role::Joiner ? row.place == caller.place && !row.power
                                        : row.power == caller.power && seat_token &&
                                              constant_time_equal(*seat_token, row.token_hash))
            return row;
    throw not_found(caller.role == Role::Player ? caller.power + " was not given from a join list"
                                                : "no such place on the join list");
}

PowerRanking ranking_of(const storage::JoinerRow& row, AssignmentMode mode, GameStatus status) {
    return {row.game_id, row.place, row.player, mode, row.ranking, row.power, status};
}

}  // namespace

JoinGrant SeatService::join_list(std::int64_t game_id, const SeatRequest& who) {
    if (who.player) require_text(*who.player, "field 'player'", TextLines::One);
    if (who.email) require_mailbox(*who.email, "field 'email'");
    const auto locked = context_.lock();
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    const AssignmentMode mode = mode_of(store, game_id);
    if (mode == AssignmentMode::first_come)
        throw conflict(
            "this game's players take their powers first come, first served: join a "
            "power by name");
    if (game.row.status != GameStatus::forming)
        throw conflict("the game has started: its powers are assigned");
    storage::Transaction transaction(store.database());
    auto records = store.assignment();
    const auto joiners = records.joiners(game_id);
    const auto waiting =
        std::count_if(joiners.begin(), joiners.end(), [](const auto& row) { return !row.power; });
    if (static_cast<std::size_t>(waiting) >= open_powers(store, game).size())
        throw conflict("the join list is full");
    const std::string token = new_token("seat_");
    storage::JoinerRow row;
    row.game_id = game_id;
    row.player = who.player.value_or("Player " + std::to_string(joiners.size() + 1));
    row.email = who.email;
    row.token_hash = sha256_hex(token);
    row.joined_at = context_.now();
    const std::int64_t place = records.insert_joiner(row);
    store.audit(game_id, "joiner:" + std::to_string(place), "join-list",
                storage::encode_audit_details({{"place", place}}), context_.now());
    locked.changed(game_id);
    start_when_full(locked, game);
    transaction.commit();
    return {game_id, place, token};
}

PowerRanking SeatService::ranking(const Caller& caller, std::int64_t game_id) {
    const auto locked = context_.lock();
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    return ranking_of(own_row(store, caller, game_id), mode_of(store, game_id), game.row.status);
}

PowerRanking SeatService::set_ranking(const Caller& caller, std::int64_t game_id,
                                      const std::vector<std::string>& powers) {
    return set_ranking_locked(context_.lock(), context_.now(), caller, game_id, powers);
}

PowerRanking set_ranking_locked(const Locked& locked, std::int64_t now, const Caller& caller,
                                std::int64_t game_id, const std::vector<std::string>& powers) {
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    auto row = own_row(store, caller, game_id);
    if (row.power || game.row.status != GameStatus::forming)
        throw conflict("the game has started: powers are assigned and rankings closed");
    const Variant& variant = game.variant->variant;
    std::vector<std::string> ranking;
    for (const auto& name : powers) {
        const PowerId id = variant.find_power(name);
        if (id == kNoPower || id >= variant.powers.size())
            throw bad_request("no power '" + name + "' in variant " + variant.name);
        const std::string& power = variant.powers[id].name;
        if (std::find(ranking.begin(), ranking.end(), power) != ranking.end())
            throw bad_request(power + " is ranked twice");
        ranking.push_back(power);
    }
    storage::Transaction transaction(store.database());
    store.assignment().set_ranking(game_id, row.place, ranking);
    // The audit says that the player ranked, not how: the ranking is theirs until the start,
    // where the assignment's entry records every ranking it used.
    store.audit(game_id, "joiner:" + std::to_string(row.place), "rank",
                storage::encode_audit_details(
                    {{"place", row.place}, {"powers", static_cast<std::int64_t>(ranking.size())}}),
                now);
    transaction.commit();
    row.ranking = std::move(ranking);
    return ranking_of(row, mode_of(store, game_id), game.row.status);
}

JoinList SeatService::join_list_view(const Caller& caller, std::int64_t game_id) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    JoinList list;
    list.game_id = game_id;
    list.mode = mode_of(store, game_id);
    const auto joiners = store.assignment().joiners(game_id);
    for (const auto& row : joiners)
        list.players.push_back(
            {row.place, row.player, !row.ranking.empty(), row.power, row.joined_at});
    // Seats are taken only at the start (or by the GM's invitation): the open ones are what
    // the list must fill.
    if (game.row.status == GameStatus::forming)
        list.open_seats = static_cast<std::int64_t>(open_powers(store, game).size());
    return list;
}

void SeatService::set_mode(const Locked& locked, const LoadedGame& game, AssignmentMode mode) {
    auto& store = locked.store();
    const std::int64_t game_id = game.row.id;
    const AssignmentMode before = mode_of(store, game_id);
    if (mode == before) return;
    if (game.row.status != GameStatus::forming)
        throw conflict("how powers are assigned is set before the game starts");
    if (game.row.sandbox && mode != AssignmentMode::first_come)
        throw conflict("a sandbox game has no players to assign powers to");
    if (mode == AssignmentMode::first_come && !store.assignment().joiners(game_id).empty())
        throw conflict("players are on the join list: their powers are assigned");
    store.assignment().set_mode(game_id, std::string(to_string(mode)));
    locked.changed(game_id);
}

void SeatService::assign_joiners(const Locked& locked, LoadedGame& game) {
    auto& store = locked.store();
    const std::int64_t game_id = game.row.id;
    const AssignmentMode mode = mode_of(store, game_id);
    if (mode == AssignmentMode::first_come) return;
    auto records = store.assignment();
    std::vector<storage::JoinerRow> waiting;
    for (auto& row : records.joiners(game_id))
        if (!row.power) waiting.push_back(std::move(row));
    const std::vector<std::string> powers = open_powers(store, game);
    if (waiting.empty() || powers.empty()) return;
    if (waiting.size() > powers.size()) waiting.resize(powers.size());
    // A ranked power that is no longer open (the GM invited someone to it) is left out.
    std::vector<Ranking> rankings;
    for (const auto& row : waiting) {
        Ranking ranking;
        for (const auto& name : row.ranking) {
            const auto at = std::find(powers.begin(), powers.end(), name);
            if (at != powers.end())
                ranking.push_back(static_cast<std::size_t>(at - powers.begin()));
        }
        rankings.push_back(std::move(ranking));
    }
    const DiceSeed seed = dice_seed(game.row);
    const std::vector<std::size_t> given = mode == AssignmentMode::preference
                                               ? assign_by_preference(rankings, powers, seed)
                                               : assign_at_random(waiting.size(), powers, seed);
    std::vector<storage::AssignedPlayer> audited;
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        const auto& row = waiting[i];
        const std::string& power = powers[given[i]];
        auto seat = store.seat(game_id, power);
        if (!seat) throw ApiError(500, "corrupt_state", "no seat " + power);
        seat->player = row.player;
        seat->email = row.email;
        seat->token_hash = row.token_hash;
        seat->ready = false;
        seat->joined_at = context_.now();
        store.update_seat(*seat);
        store.attendance().reset_seat(game_id, power);
        records.set_power(game_id, row.place, power);
        std::vector<std::string> ranked;
        for (const auto index : rankings[i]) ranked.push_back(powers[index]);
        audited.push_back(
            {row.place, row.player, ranked, power,
             mode == AssignmentMode::preference
                 ? std::optional(preference_cost(rankings[i], given[i], powers.size()))
                 : std::nullopt});
    }
    const auto total = mode == AssignmentMode::preference
                           ? std::optional(preference_total(rankings, given, powers.size()))
                           : std::nullopt;
    store.audit(
        game_id, "server", "assign",
        storage::encode_assignment_audit(std::string(to_string(mode)), powers, audited, total),
        context_.now());
    locked.changed(game_id);
}

}  // namespace adjutant::service
