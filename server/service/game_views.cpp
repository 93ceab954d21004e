// SPDX-License-Identifier: Apache-2.0
#include "service/game_views.h"

#include <optional>

#include "service/absence.h"
#include "service/codec.h"
#include "service/draw_service.h"
#include "service/fog.h"
#include "service/game_internal.h"
#include "service/phase_etag.h"
#include "service/press_service.h"
#include "service/visibility.h"
#include "service/week_summary.h"

namespace adjutant::service {

GameDocument GameViews::document(const Locked& locked, const LoadedGame& game, const Viewer& who) {
    const auto& row = game.row;
    const Variant& variant = game.variant->variant;
    auto records = locked.store().attendance();
    GameDocument out;
    out.id = row.id;
    out.name = row.name;
    out.variant = row.variant;
    out.status = row.status;
    out.phase = game.phase.phase;
    out.seq = game.phase.seq;
    out.phase_etag = phase_etag(row.id, game.phase.seq, game.phase.resolved_at.has_value());
    out.deadline = row.deadline;
    out.waiting_for_absence = AbsenceService::waiting_until(locked, row, game.phase.seq);
    out.sandbox = row.sandbox;
    out.settings = {row.movement_seconds,
                    row.retreat_seconds,
                    row.adjustment_seconds,
                    row.grace_seconds,
                    row.missing_policy,
                    row.resolve_when_ready,
                    PressService::rules(locked, row.id),
                    records.settings(row.id)};
    out.extensions = records.extensions(row.id);
    out.seed_commitment = row.seed_commitment;
    out.winner = row.winner;
    out.result = DrawService::result(locked, row);
    out.created_at = row.created_at;
    out.revision = row.revision;
    const auto attendance_rows = records.seats(row.id);
    for (const auto& seat : locked.store().seats(row.id)) {
        PowerId power = variant.find_power(seat.power);
        storage::AttendanceRow record{seat.power, 0, 0, std::nullopt};
        for (const auto& r : attendance_rows)
            if (r.power == seat.power) record = r;
        out.seats.push_back(
            {seat.power, seat.player, seat.token_hash.has_value(), seat.ready,
             game.position.center_count(power),
             row.status != GameStatus::ended && needs_orders(variant, game.position, power),
             record});
    }
    out.loaded_variant = game.variant;
    out.position = game.position;
    if (in_fog(variant, row.status, who)) out.fog = fog_view(variant, out.position, who);
    out.seed_bits = row.seed_hex ? 256 : 64;
    if (row.status == GameStatus::ended) {
        out.seed =
            row.seed_hex ? *row.seed_hex : std::to_string(static_cast<std::uint64_t>(row.seed));
        out.ended_at = row.ended_at;
    }
    if (row.status == GameStatus::paused) out.paused_remaining = row.paused_remaining;
    return out;
}

// Without the lock, when only this server writes the database: every write drops the views it
// outdates before it commits. When others write it too, their notice of a change may still be
// on its way, so the view is served only after the game's revision has been read (fresh()).
std::shared_ptr<const GameView> GameViews::game_view(const Viewer& who, std::int64_t game_id) {
    if (!context_.shared_database())
        if (auto view = context_.game_cache().find(game_id);
            view && (!view->fogged || (!who.gm && who.power.empty())))
            return view;
    return game_view(context_.lock(), who, game_id);
}

std::shared_ptr<const HistoryView> GameViews::history_view(std::int64_t game_id) {
    if (!context_.shared_database())
        if (auto view = context_.history_cache().find(game_id)) return view;
    return history_view(context_.lock(), game_id);
}

// The cached view of `game_id`, if it is still the game's revision in the database.
template <typename Document>
std::shared_ptr<const View<Document>> GameViews::fresh(const Locked& locked,
                                                       ViewCache<Document>& cache,
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

// A miss is made and published under the lock that writes run under, so a view of an old
// revision can never be published after a write dropped it.
std::shared_ptr<const GameView> GameViews::game_view(const Locked& locked, const Viewer& who,
                                                     std::int64_t game_id) {
    const bool public_reader = !who.gm && who.power.empty();
    auto view = fresh(locked, context_.game_cache(), game_id);
    if (view && (!view->fogged || public_reader)) return view;
    const LoadedGame game = locked.load(game_id);
    const Viewer everyone{};
    if (!view) {
        const bool fogged = in_fog(game.variant->variant, game.row.status, everyone);
        view = std::make_shared<const GameView>(game_etag(game_id, game.row.revision, ""),
                                                game.row.revision, fogged,
                                                document(locked, game, everyone));
        context_.game_cache().publish(locked, game_id, view);
        if (!view->fogged || public_reader) return view;
    }
    // In the fog a seat's and the GM's documents differ from the public's, and from each other.
    // A power's name may hold a space, which an ETag may not: its number stands for it.
    const std::string reader =
        who.gm ? std::string("-gm")
               : "-p" + std::to_string(game.variant->variant.find_power(who.power));
    return std::make_shared<const GameView>(game_etag(game_id, game.row.revision, reader),
                                            game.row.revision, true, document(locked, game, who));
}

std::shared_ptr<const HistoryView> GameViews::history_view(const Locked& locked,
                                                           std::int64_t game_id) {
    if (auto view = fresh(locked, context_.history_cache(), game_id)) return view;
    auto& store = locked.store();
    auto row = store.game(game_id);
    if (!row) throw not_found("no game " + std::to_string(game_id));
    HistoryDocument history{game_id, {}};
    for (const auto& phase : store.phases(game_id))
        history.phases.push_back(
            {phase.seq, phase.phase, phase.resolved_at, phase.hash, phase.prev_hash});
    auto view = std::make_shared<const HistoryView>(
        "\"h" + std::to_string(game_id) + "-r" + std::to_string(row->revision) + "\"",
        row->revision, false, std::move(history));
    context_.history_cache().publish(locked, game_id, view);
    return view;
}

PhaseDocument GameViews::phase_document(const Caller& caller, std::int64_t game_id,
                                        std::int64_t seq) {
    return phase_document(context_.lock(), caller, game_id, seq);
}

PhaseDocument GameViews::phase_document(const Locked& locked, const Caller& caller,
                                        std::int64_t game_id, std::int64_t seq) {
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    auto phase = store.phase(game_id, seq);
    if (!phase)
        throw not_found("game " + std::to_string(game_id) + " has no phase " + std::to_string(seq));
    const Variant& variant = game.variant->variant;
    const auto who = viewer(caller, game_id);
    PhaseDocument out;
    out.game_id = game_id;
    out.seq = phase->seq;
    out.phase = phase->phase;
    out.deadline = phase->deadline;
    out.prev_hash = phase->prev_hash;
    out.loaded_variant = game.variant;
    out.position = decode_position(variant, phase->position);
    if (in_fog(variant, game.row.status, who)) out.fog = fog_view(variant, out.position, who);
    // Orders and results become public only once the phase has resolved, and then only the
    // accepted orders: refused lines stay with their seat and the GM (service/visibility.h),
    // and in the fog of war what the reader's power did not see stays hidden (service/fog.h).
    if (phase->resolved_at) {
        auto seats = storage::read_seats(phase->orders.value_or("[]"));
        auto results = storage::read_report(phase->results.value_or("{}"));
        auto events = storage::read_events(phase->events.value_or("[]"));
        if (!seats || !results || !events)
            throw ApiError(500, "corrupt_state", "phase " + phase->phase + "'s record is not JSON");
        redact_record(*game.variant, game.row.status, phase->position, who, *seats, *results,
                      &*events);
        redact_orders(*seats, who);
        out.record = PhaseRecord{*phase->resolved_at, phase->hash.value_or(""), std::move(*seats),
                                 std::move(*results), std::move(*events)};
    }
    return out;
}

PhaseSummary GameViews::phase_summary(const Caller& caller, std::int64_t game_id,
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
    auto results = storage::read_report(phase->results.value_or("{}"));
    auto orders = storage::read_seats(phase->orders.value_or("[]"));
    if (!results || !orders)
        throw ApiError(500, "corrupt_state", "phase " + phase->phase + "'s record is not JSON");
    redact_record(*game.variant, game.row.status, phase->position, viewer(caller, game_id), *orders,
                  *results, nullptr);
    return {game_id, seq, game.variant,
            summarize_week(game.variant->variant, *results,
                           caller.role == Role::Player ? caller.power : "")};
}

}  // namespace adjutant::service
