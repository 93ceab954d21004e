// SPDX-License-Identifier: Apache-2.0
#include "service/game_views.h"

#include <optional>

#include "core/phase.h"
#include "service/attendance.h"
#include "service/codec.h"
#include "service/draw_service.h"
#include "service/fog.h"
#include "service/game_internal.h"
#include "service/phase_etag.h"
#include "service/press_service.h"
#include "service/text.h"
#include "service/visibility.h"
#include "service/week_summary.h"

namespace adjutant::service {

namespace {

// {"kind": "draw", "powers": [...]}, {"kind": "concession", "winner"}, {"kind": "victory",
// "winner"}, {"kind": "ended"} (by the GM), or null while the game runs.
nlohmann::json game_result_json(const std::optional<GameResult>& result) {
    if (!result) return nullptr;
    switch (result->kind) {
        case GameResultKind::draw:
            return {{"kind", "draw"}, {"powers", result->powers}};
        case GameResultKind::concession:
            return {{"kind", "concession"}, {"winner", result->winner}};
        case GameResultKind::victory:
            return {{"kind", "victory"}, {"winner", result->winner}};
        case GameResultKind::ended:
            break;
    }
    return {{"kind", "ended"}};
}

}  // namespace

nlohmann::json GameViews::game_json(const Locked& locked, const LoadedGame& game,
                                    const Viewer& who) {
    const auto& row = game.row;
    nlohmann::json seats = nlohmann::json::array();
    const Variant& variant = game.variant->variant;
    auto records = locked.store().attendance();
    const auto missing = records.settings(row.id);
    const auto attendance_rows = records.seats(row.id);
    for (const auto& seat : locked.store().seats(row.id)) {
        PowerId power = variant.find_power(seat.power);
        storage::AttendanceRow record{seat.power, 0, 0, std::nullopt};
        for (const auto& r : attendance_rows)
            if (r.power == seat.power) record = r;
        nlohmann::json entry = {{"power", seat.power},
                                {"player", seat.player ? nlohmann::json(*seat.player) : nullptr},
                                {"taken", seat.token_hash.has_value()},
                                {"ready", seat.ready},
                                {"centers", game.position.center_count(power)},
                                {"needs_orders", row.status != GameStatus::ended &&
                                                     needs_orders(variant, game.position, power)}};
        entry.update(attendance::seat_json(record, missing));
        seats.push_back(std::move(entry));
    }
    nlohmann::json settings = {{"deadlines",
                                {{"movement", row.movement_seconds},
                                 {"retreat", row.retreat_seconds},
                                 {"adjustment", row.adjustment_seconds}}},
                               {"grace_seconds", row.grace_seconds},
                               {"missing_orders", row.missing_policy},
                               {"resolve_when_ready", row.resolve_when_ready},
                               {"press", press_rules_json(PressService::rules(locked, row.id))}};
    settings.update(attendance::settings_json(missing));
    nlohmann::json out = {
        {"id", row.id},
        {"name", row.name},
        {"variant", row.variant},
        {"status", std::string(to_string(row.status))},
        {"phase", game.phase.phase},
        {"phase_name", phase_name(game.phase.phase)},
        {"seq", game.phase.seq},
        {"phase_etag", phase_etag(row.id, game.phase.seq, game.phase.resolved_at.has_value())},
        {"deadline", row.deadline ? nlohmann::json(*row.deadline) : nullptr},
        {"sandbox", row.sandbox},
        {"settings", settings},
        {"extensions", attendance::extensions_json(records.extensions(row.id))},
        {"seed_commitment", row.seed_commitment},
        {"winner", row.winner ? nlohmann::json(*row.winner) : nullptr},
        {"result", game_result_json(DrawService::result(locked, row))},
        {"created_at", row.created_at},
        {"revision", row.revision},
        {"seats", seats},
    };
    if (in_fog(variant, row.status, who)) {
        out["position"] = fogged_position(variant, game.position, who);
        out["view"] = view_json(variant, game.position, who);
    } else {
        out["position"] = nlohmann::json::parse(game.phase.position);
    }
    out["seed_bits"] = row.seed_hex ? 256 : 64;
    if (row.status == GameStatus::ended) {
        // 64 hex digits for a 256-bit seed, a decimal number for an older 64-bit one.
        out["seed"] =
            row.seed_hex ? *row.seed_hex : std::to_string(static_cast<std::uint64_t>(row.seed));
        out["ended_at"] = row.ended_at ? nlohmann::json(*row.ended_at) : nullptr;
    }
    if (row.status == GameStatus::paused && row.paused_remaining)
        out["paused_remaining"] = *row.paused_remaining;
    return out;
}

// Without the lock, when only this server writes the database: every write drops the views it
// outdates before it commits. When others write it too, their notice of a change may still be
// on its way, so the view is served only after the game's revision has been read (fresh()).
std::shared_ptr<const View> GameViews::game(const Viewer& who, std::int64_t game_id) {
    if (!context_.shared_database())
        if (auto view = context_.game_cache().find(game_id);
            view && (!view->fogged || (!who.gm && who.power.empty())))
            return view;
    return game(context_.lock(), who, game_id);
}

std::shared_ptr<const View> GameViews::history(std::int64_t game_id) {
    if (!context_.shared_database())
        if (auto view = context_.history_cache().find(game_id)) return view;
    return history(context_.lock(), game_id);
}

// The cached view of `game_id`, if it is still the game's revision in the database.
std::shared_ptr<const View> GameViews::fresh(const Locked& locked, ViewCache& cache,
                                             std::int64_t game_id) {
    auto view = cache.find(game_id);
    if (!view || !context_.shared_database()) return view;
    if (locked.store().game_revision(game_id) == view->revision) return view;
    cache.drop(locked, game_id);
    return nullptr;
}

namespace {

// "g12-r5", and "g12-r5-p3" for a seat's own document in the fog of war, quoted as sent.
std::string game_etag(std::int64_t game_id, std::int64_t revision, const std::string& reader) {
    std::string etag = "\"g";
    etag += std::to_string(game_id);
    etag += "-r";
    etag += std::to_string(revision);
    etag += reader;
    etag += '"';
    return etag;
}

}  // namespace

// A miss is rendered and published under the lock that writes run under, so a view of an old
// revision can never be published after a write dropped it.
std::shared_ptr<const View> GameViews::game(const Locked& locked, const Viewer& who,
                                            std::int64_t game_id) {
    const bool public_reader = !who.gm && who.power.empty();
    auto view = fresh(locked, context_.game_cache(), game_id);
    if (view && (!view->fogged || public_reader)) return view;
    const LoadedGame game = locked.load(game_id);
    const Viewer everyone{};
    if (!view) {
        const bool fogged = in_fog(game.variant->variant, game.row.status, everyone);
        view = std::make_shared<const View>(View{game_etag(game_id, game.row.revision, ""),
                                                 json_text(game_json(locked, game, everyone)),
                                                 game.row.revision, fogged});
        context_.game_cache().publish(locked, game_id, view);
        if (!view->fogged || public_reader) return view;
    }
    // In the fog a seat's and the GM's documents differ from the public's, and from each other.
    // A power's name may hold a space, which an ETag may not: its number stands for it.
    const std::string reader =
        who.gm ? std::string("-gm")
               : "-p" + std::to_string(game.variant->variant.find_power(who.power));
    return std::make_shared<const View>(View{game_etag(game_id, game.row.revision, reader),
                                             json_text(game_json(locked, game, who)),
                                             game.row.revision, true});
}

std::shared_ptr<const View> GameViews::history(const Locked& locked, std::int64_t game_id) {
    if (auto view = fresh(locked, context_.history_cache(), game_id)) return view;
    auto& store = locked.store();
    auto row = store.game(game_id);
    if (!row) throw not_found("no game " + std::to_string(game_id));
    nlohmann::json list = nlohmann::json::array();
    for (const auto& phase : store.phases(game_id))
        list.push_back(
            {{"seq", phase.seq},
             {"phase", phase.phase},
             {"phase_name", phase_name(phase.phase)},
             {"resolved", phase.resolved_at.has_value()},
             {"resolved_at", phase.resolved_at ? nlohmann::json(*phase.resolved_at) : nullptr},
             {"hash", phase.hash ? nlohmann::json(*phase.hash) : nullptr},
             {"prev_hash", phase.prev_hash}});
    auto view = std::make_shared<const View>(
        View{"\"h" + std::to_string(game_id) + "-r" + std::to_string(row->revision) + "\"",
             json_text(nlohmann::json{{"game", game_id}, {"phases", list}}), row->revision});
    context_.history_cache().publish(locked, game_id, view);
    return view;
}

nlohmann::json GameViews::phase(const Caller& caller, std::int64_t game_id, std::int64_t seq) {
    return phase(context_.lock(), caller, game_id, seq);
}

nlohmann::json GameViews::phase(const Locked& locked, const Caller& caller, std::int64_t game_id,
                                std::int64_t seq) {
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    auto phase = store.phase(game_id, seq);
    if (!phase)
        throw not_found("game " + std::to_string(game_id) + " has no phase " + std::to_string(seq));
    const Variant& variant = game.variant->variant;
    const auto who = viewer(caller, game_id);
    const bool fog = in_fog(variant, game.row.status, who);
    // In the fog the phase's position is read once, for its cut and for the reader's view.
    const std::optional<Position> stored =
        fog ? std::optional<Position>(decode_position(variant, phase->position)) : std::nullopt;
    nlohmann::json out = {
        {"game", game_id},
        {"seq", phase->seq},
        {"phase", phase->phase},
        {"phase_name", phase_name(phase->phase)},
        {"position",
         fog ? fogged_position(variant, *stored, who) : nlohmann::json::parse(phase->position)},
        {"deadline", phase->deadline ? nlohmann::json(*phase->deadline) : nullptr},
        {"prev_hash", phase->prev_hash},
        {"resolved", phase->resolved_at.has_value()}};
    // Orders and results become public only once the phase has resolved, and then only the
    // accepted orders: refused lines stay with their seat and the GM (service/visibility.h),
    // and in the fog of war what the reader's power did not see stays hidden (service/fog.h).
    if (phase->resolved_at) {
        out["resolved_at"] = *phase->resolved_at;
        auto orders = nlohmann::json::parse(phase->orders.value_or("[]"));
        auto results = nlohmann::json::parse(phase->results.value_or("{}"));
        auto events = nlohmann::json::parse(phase->events.value_or("[]"));
        redact_record(*game.variant, game.row.status, phase->position, who, orders, results,
                      &events);
        redact_orders(orders, who);
        out["orders"] = std::move(orders);
        out["results"] = std::move(results);
        out["events"] = std::move(events);
        out["hash"] = phase->hash.value_or("");
    }
    if (fog) out["view"] = view_json(variant, *stored, who);
    return out;
}

nlohmann::json GameViews::phase_summary(const Caller& caller, std::int64_t game_id,
                                        std::int64_t seq) {
    if (caller.role == Role::Anonymous) throw unauthorized();
    if (caller.game_id != game_id ||
        (caller.role != Role::GameMaster && caller.role != Role::Player))
        throw forbidden("a seat or GM token of this game is required");
    const auto locked = context_.lock();
    const LoadedGame game = locked.load(game_id);
    auto phase = locked.store().phase(game_id, seq);
    if (!phase)
        throw not_found("game " + std::to_string(game_id) + " has no phase " + std::to_string(seq));
    if (!phase->resolved_at)
        throw ApiError(409, "not_resolved", "phase " + phase->phase + " is not resolved yet");
    // The summary is made from the record as its reader reads it (service/fog.h), as the
    // results mail's is: in the fog of war a player's holds only what its power may learn.
    auto results = nlohmann::json::parse(phase->results.value_or("{}"), nullptr, false);
    auto orders = nlohmann::json::parse(phase->orders.value_or("[]"), nullptr, false);
    if (results.is_discarded() || orders.is_discarded())
        throw ApiError(500, "corrupt_state", "phase " + phase->phase + "'s record is not JSON");
    redact_record(*game.variant, game.row.status, phase->position, viewer(caller, game_id), orders,
                  results, nullptr);
    nlohmann::json out = week_summary(game.variant->variant, results,
                                      caller.role == Role::Player ? caller.power : "");
    out["game"] = game_id;
    out["seq"] = seq;
    return out;
}

}  // namespace adjutant::service
