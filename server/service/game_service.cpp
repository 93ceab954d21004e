// SPDX-License-Identifier: Apache-2.0
#include "service/game_service.h"

#include "service/other_servers.h"

#include <algorithm>

#include "core/phase.h"
#include "position/position.h"
#include "service/attendance.h"
#include "service/codec.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/other_servers.h"
#include "service/text.h"
#include "service/visibility.h"
#include "starting_position.h"
#include "storage/audit_details.h"
#include "variant/dpjudge_map.h"

namespace adjutant::service {

namespace {

constexpr std::int64_t kRateWindowSeconds = 3600;
constexpr std::size_t kMaxTrackedAddresses = 100000;

}  // namespace

GameService::GameService(storage::Database& db, VariantRegistry& variants,
                         std::string admin_token_hash, Clock clock, storage::GroupSync::Flush flush)
    : context_(db, variants, std::move(clock), std::move(flush)),
      admin_token_hash_(std::move(admin_token_hash)) {}

void GameService::set_limits(const ServiceLimits& limits) {
    limits_ = limits;
    context_.set_reminder_seconds(limits.reminder_seconds);
    context_.set_view_cache_bytes(limits.view_cache_bytes);
}

void GameService::count_game_creation(std::string_view client_address) {
    if (client_address.empty() || limits_.games_per_hour_per_address <= 0) return;
    const std::int64_t t = context_.now();
    std::lock_guard lock(rate_mutex_);
    if (creations_.size() >= kMaxTrackedAddresses)
        std::erase_if(creations_, [&](const auto& entry) {
            return entry.second.empty() || entry.second.back() <= t - kRateWindowSeconds;
        });
    auto& times = creations_[client_rate_key(client_address)];
    std::erase_if(times, [&](std::int64_t at) { return at <= t - kRateWindowSeconds; });
    if (static_cast<int>(times.size()) >= limits_.games_per_hour_per_address) {
        const std::int64_t retry_after =
            std::max<std::int64_t>(1, times.front() + kRateWindowSeconds - t);
        throw ApiError(429, "rate_limited",
                       "this address has created " + std::to_string(times.size()) +
                           " games in the last hour, the limit; try again in " +
                           std::to_string(retry_after) + " s",
                       RetryLater{retry_after, limits_.games_per_hour_per_address});
    }
    times.push_back(t);
}

Caller GameService::authenticate(std::string_view token) {
    Caller caller;
    if (token.empty()) return caller;
    const std::string hash = sha256_hex(token);
    if (!admin_token_hash_.empty() && constant_time_equal(hash, admin_token_hash_)) {
        caller.role = Role::Admin;
        return caller;
    }
    const auto locked = context_.lock();
    auto& store = locked.store();
    // Lookups go by the hash (an index), then the stored hash is compared in constant time
    // anyway so no code path compares secrets with memcmp.
    if (auto seat = store.seat_by_token_hash(hash);
        seat && constant_time_equal(seat->token_hash, hash)) {
        caller.role = Role::Player;
        caller.game_id = seat->game_id;
        caller.power = seat->power;
        return caller;
    }
    if (auto game_id = store.game_by_gm_token_hash(hash)) {
        auto game = store.game(*game_id);
        if (game && constant_time_equal(game->gm_token_hash, hash)) {
            caller.role = Role::GameMaster;
            caller.game_id = *game_id;
            return caller;
        }
    }
    // A player on a join list, who has no seat yet (docs/assignment.md).
    if (auto joiner = store.assignment().joiner_by_token_hash(hash);
        joiner && !joiner->power && constant_time_equal(joiner->token_hash, hash)) {
        caller.role = Role::Joiner;
        caller.game_id = joiner->game_id;
        caller.place = joiner->place;
        return caller;
    }
    return caller;
}

SeatGrant GameService::join(std::int64_t game_id, std::string_view power, const SeatRequest& who) {
    return seats_.join(game_id, power, who);
}

void GameService::apply_change_notice(std::string_view notice) {
    service::apply_change_notice(context_, notice);
}

std::vector<VariantListing> GameService::list_variants() {
    std::vector<VariantListing> list;
    for (const auto& loaded : context_.variants().list())
        list.push_back({loaded->variant.name, loaded->display.title, loaded->variant.powers.size(),
                        loaded->variant.provinces.size(), loaded->variant.victory_centers});
    return list;
}

// A variant another server on the database registered may not have reached this one's
// registry yet (its notice is on the way): the database has it.
std::shared_ptr<const LoadedVariant> GameService::find_variant(std::string_view name) {
    auto loaded = context_.variants().find(name);
    if (loaded || !context_.shared_database()) return loaded;
    return stored_variant(context_, context_.lock(), name);
}

std::string GameService::get_variant(std::string_view name) {
    auto loaded = find_variant(name);
    if (!loaded) throw not_found("no variant '" + std::string(name) + "'");
    return loaded->json;
}

VariantUpload GameService::upload_variant(const Caller& caller, std::string_view file_text) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    if (caller.role != Role::Admin)
        throw forbidden(
            "server-wide variants need the admin token; a GM uploads a variant for their own "
            "game with PUT /api/v1/games/{id}/variant");
    auto loaded = context_.variants().add(file_text);
    const auto locked = context_.lock();
    auto& store = locked.store();
    storage::Transaction transaction(store.database());
    store.put_variant(loaded->variant.name, loaded->json, context_.now());
    store.audit(std::nullopt, "admin", "upload_variant",
                storage::encode_audit_details({{"variant", loaded->variant.name}}), context_.now());
    locked.variant_changed(loaded->key);
    transaction.commit();
    return {loaded->variant.name, loaded->display.title};
}

namespace {

// An upload that is no JSON object is a DPjudge map (docs/variants.md, "Importing a DPjudge
// map"): the variant file it describes, or a 422 naming each problem's line. An upload is one
// file, so a `USE` of another reads nothing: the GM pastes the included files in.
std::string variant_of_map(std::string_view map_text) {
    const MapFileReader no_includes = [](const std::string&) -> std::optional<std::string> {
        return std::nullopt;
    };
    const MapImport imported = import_dpjudge_map(
        "upload.map", map_text, no_includes,
        {"imported", "Imported DPjudge map", "A map uploaded by the game's GM.", ""});
    if (imported.ok()) return imported.variant_json;
    std::vector<DocumentProblem> details;
    for (const MapImportError& error : imported.errors)
        details.push_back(
            {error.line > 0 ? "line " + std::to_string(error.line) : "", map_error_text(error)});
    const std::string message = "the map has " + std::to_string(details.size()) + " problem(s)";
    throw ApiError(422, "invalid_map", message, std::move(details));
}

bool is_json_object(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && text[first] == '{';
}

}  // namespace

GameVariantUpload GameService::upload_game_variant(const Caller& caller, std::int64_t game_id,
                                                   std::string_view file_text) {
    require_gm(caller, game_id);
    if (file_text.size() > limits_.gm_variant_bytes)
        throw ApiError(
            413, "too_large",
            "a GM's variant may be at most " + std::to_string(limits_.gm_variant_bytes) + " bytes");
    const std::string imported =
        is_json_object(file_text) ? std::string() : variant_of_map(file_text);
    if (!imported.empty()) file_text = imported;
    auto checked = context_.variants().check(file_text, game_id);  // 422 with every problem
    const auto locked = context_.lock();
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    if (game.row.status != GameStatus::forming)
        throw conflict("the game has started: its variant can no longer change");
    for (const auto& seat : store.seats(game_id))
        if (seat.token_hash)
            throw conflict("a seat is taken (" + seat.power +
                           "): the variant can change only before anyone joins");
    const Variant& variant = checked->variant;
    const Position start = starting_position(variant);
    storage::Transaction transaction(store.database());
    store.delete_game_variants(game_id);
    store.put_variant(checked->key, checked->json, context_.now(), game_id);
    store.restart_game(game_id, checked->key);
    for (const auto& power : variant.powers)
        store.insert_seat(storage::SeatRow{game_id, power.name, {}, {}, {}, false, {}});
    storage::PhaseRow phase;
    phase.game_id = game_id;
    phase.seq = 0;
    phase.phase = start.phase.code();
    phase.position = position_text(variant, start);
    phase.prev_hash = std::string(kGenesisHash);
    store.insert_phase(phase);
    store.audit(
        game_id, "gm", "upload_variant",
        storage::encode_audit_details(
            {{"variant", checked->key}, {"bytes", static_cast<std::int64_t>(file_text.size())}}),
        context_.now());
    locked.changed(game_id);
    locked.variant_changed(checked->key);
    if (game.row.variant != checked->key) locked.variant_changed(game.row.variant);
    transaction.commit();
    if (game.row.variant != checked->key) {
        if (auto old = context_.variants().find(game.row.variant); old && old->game_id == game_id)
            context_.variants().remove(game.row.variant);
    }
    context_.variants().add(file_text, game_id);
    return {checked->key, views_.document(locked, locked.load(game_id), Viewer{true, ""})};
}

CreatedGame GameService::create_game(const CreateGameRequest& request,
                                     std::string_view client_address) {
    storage::GameRow row;
    if (request.name.empty()) throw bad_request("field 'name' is required");
    require_text(request.name, "field 'name'", TextLines::One);
    row.name = request.name;
    auto variant = find_variant(request.variant);
    // A GM's variant belongs to that GM's game: other games cannot be created on it.
    if (!variant || variant->game_id)
        throw ApiError(422, "unknown_variant", "no variant '" + request.variant + "'");
    row.variant = variant->key;

    row.movement_seconds = request.movement_seconds;
    row.retreat_seconds = request.retreat_seconds;
    row.adjustment_seconds = request.adjustment_seconds;
    row.grace_seconds = request.grace_seconds;
    row.missing_policy = request.missing_policy;
    row.resolve_when_ready = request.resolve_when_ready;
    // A sandbox has no deadlines to run and no readiness to wait for.
    row.sandbox = request.sandbox;
    if (row.sandbox) row.resolve_when_ready = false;
    if (row.sandbox && request.assignment != AssignmentMode::first_come)
        throw bad_request("a sandbox game has no players to assign powers to");
    const PressRules press_rules = apply(request.press, PressRules{});
    const auto missing_settings = attendance::apply(request.missing_orders, {});

    count_game_creation(client_address);  // 429 over the limit, before anything is written
    const std::string gm_token = new_token("gm_");
    row.gm_token_hash = sha256_hex(gm_token);
    // 256 random bits; the public commitment is the SHA-256 of those 32 bytes (docs/server.md,
    // "Games"). `seed` stays 0: it holds the seed of games created before.
    const std::string seed = random_seed_hex();
    row.seed_hex = seed;
    row.seed = 0;
    row.seed_commitment = seed_commitment_hex(seed);
    row.status = GameStatus::forming;
    row.created_at = context_.now();

    const Position start = starting_position(variant->variant);
    const auto locked = context_.lock();
    auto& store = locked.store();
    storage::Transaction transaction(store.database());
    const std::int64_t id = store.insert_game(row);
    for (const auto& power : variant->variant.powers)
        store.insert_seat(storage::SeatRow{id, power.name, {}, {}, {}, false, {}});
    storage::PhaseRow phase;
    phase.game_id = id;
    phase.seq = 0;
    phase.phase = start.phase.code();
    phase.position = position_text(variant->variant, start);
    phase.prev_hash = std::string(kGenesisHash);
    store.insert_phase(phase);
    store.press().put_rules(id, press_rules);
    store.attendance().put_settings(id, missing_settings);
    if (request.absence_days_per_player || request.absence_cooldown_phases) {
        storage::AbsenceSettings absence_settings;
        if (request.absence_days_per_player)
            absence_settings.days_per_player = *request.absence_days_per_player;
        if (request.absence_cooldown_phases)
            absence_settings.cooldown_phases = *request.absence_cooldown_phases;
        store.absences().put_settings(id, absence_settings);
    }
    if (request.min_reliability && *request.min_reliability > 0)
        store.accounts().set_min_reliability(id, *request.min_reliability);
    storage::AuditDetails created{{"name", row.name}, {"variant", row.variant}};
    if (request.assignment != AssignmentMode::first_come) {
        store.assignment().set_mode(id, std::string(to_string(request.assignment)));
        created["assignment"] = std::string(to_string(request.assignment));
    }
    store.audit(id, "gm", "create", storage::encode_audit_details(created), context_.now());
    transaction.commit();
    return {id, gm_token, views_.document(locked, locked.load(id), Viewer{true, ""})};
}

GamePage GameService::list_games(const Caller& caller, std::int64_t after, int limit,
                                 const GameFilter& filter) {
    const auto locked = context_.lock();
    auto& store = locked.store();
    GamePage page;
    // Ended games stay out of the public lobby; the admin sees everything. One row more than
    // asked for tells whether there is a next page.
    auto rows = store.games_page(after, limit + 1, caller.role == Role::Admin, filter.status,
                                 filter.variant, filter.open_only);
    const bool more = static_cast<int>(rows.size()) > limit;
    if (more) rows.pop_back();
    for (const auto& row : rows) {
        auto phase = store.current_phase(row.id);
        std::vector<std::string> open;
        for (const auto& seat : store.seats(row.id))
            if (!seat.token_hash && !row.sandbox) open.push_back(seat.power);
        page.games.push_back({row.id, row.name, row.variant, row.status,
                              phase ? std::optional(phase->phase) : std::nullopt, row.deadline,
                              std::move(open), row.sandbox});
    }
    if (more) page.next_after = rows.back().id;
    return page;
}

std::shared_ptr<const GameView> GameService::game_view(std::int64_t game_id) {
    return views_.game_view(Viewer{}, game_id);
}

}  // namespace adjutant::service
