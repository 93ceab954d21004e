// SPDX-License-Identifier: Apache-2.0
#include "http/game_documents.h"

#include "core/phase.h"
#include "http/json_text.h"
#include "http/press_json.h"
#include "position/position_json.h"
#include "position/sight.h"
#include "service/attendance.h"
#include "service/press_rules.h"
#include "service/variants.h"
#include "storage/codec.h"

namespace adjutant::http {

namespace {

using Json = nlohmann::json;

template <typename T>
Json or_null(const std::optional<T>& value) {
    return value ? Json(*value) : Json(nullptr);
}

// {"kind": "draw", "powers": [...]}, {"kind": "concession", "winner"}, {"kind": "victory",
// "winner"}, {"kind": "ended"} (by the GM), or null while the game runs.
Json game_result_json(const std::optional<service::GameResult>& result) {
    if (!result) return nullptr;
    switch (result->kind) {
        case service::GameResultKind::draw:
            return {{"kind", "draw"}, {"powers", result->powers}};
        case service::GameResultKind::concession:
            return {{"kind", "concession"}, {"winner", result->winner}};
        case service::GameResultKind::victory:
            return {{"kind", "victory"}, {"winner", result->winner}};
        case service::GameResultKind::ended:
            break;
    }
    return {{"kind", "ended"}};
}

Json seat_json(const service::SeatView& seat, const storage::MissingOrdersSettings& missing) {
    Json out = {{"power", seat.power},     {"player", or_null(seat.player)},
                {"taken", seat.taken},     {"ready", seat.ready},
                {"centers", seat.centers}, {"needs_orders", seat.needs_orders}};
    out["civil_disorder"] = seat.attendance.civil_disorder_since.has_value();
    out["missed_phases"] = seat.attendance.missed_phases;
    out["extensions_left"] = service::attendance::extensions_left(seat.attendance, missing);
    return out;
}

Json settings_json(const service::GameSettings& settings) {
    Json out = {{"deadlines",
                 {{"movement", settings.movement_seconds},
                  {"retreat", settings.retreat_seconds},
                  {"adjustment", settings.adjustment_seconds}}},
                {"grace_seconds", settings.grace_seconds},
                {"missing_orders", settings.missing_policy},
                {"resolve_when_ready", settings.resolve_when_ready},
                {"press", press_rules_json(settings.press)}};
    // The public part of the missing-orders settings: never the GM's address.
    const storage::MissingOrdersSettings& missing = settings.missing_orders;
    out["extensions_per_player"] = missing.extensions_per_player;
    out["extension_seconds"] = or_null(missing.extension_seconds);
    out["civil_disorder_after"] = missing.civil_disorder_after;
    return out;
}

Json extensions_json(const std::vector<storage::ExtensionRow>& rows) {
    Json out = Json::array();
    for (const auto& r : rows)
        out.push_back({{"seq", r.seq},
                       {"phase", r.phase},
                       {"power", r.power},
                       {"seconds", r.seconds},
                       {"deadline", r.deadline},
                       {"remaining", r.remaining},
                       {"at", r.at}});
    return out;
}

// The position as its reader reads it: in the fog the document of the reader's cut, less
// what only a document can leave out (position/sight.h), and {"power", "seen"} beside it.
void add_position(const service::LoadedVariant& loaded, const Position& position,
                  const std::optional<service::FogView>& fog, Json& out) {
    const Variant& variant = loaded.variant;
    if (!fog) {
        out["position"] = position_to_json(variant, position);
        return;
    }
    out["position"] = fog->sight ? seen_position_json(variant, position, *fog->sight)
                                 : position_to_json(variant, position);
    out["view"] = {{"power", fog->power.empty() ? Json(nullptr) : Json(fog->power)},
                   {"seen", fog->seen}};
}

template <typename Document>
std::shared_ptr<const std::string> text_of(const service::View<Document>& view,
                                           Json (*render)(const Document&)) {
    if (auto text = view.text()) return text;
    return view.keep_text(std::make_shared<const std::string>(json_text(render(view.document))));
}

}  // namespace

Json game_document_json(const service::GameDocument& game) {
    Json seats = Json::array();
    for (const auto& seat : game.seats)
        seats.push_back(seat_json(seat, game.settings.missing_orders));
    Json out = {
        {"id", game.id},
        {"name", game.name},
        {"variant", game.variant},
        {"status", std::string(to_string(game.status))},
        {"phase", game.phase},
        {"phase_name", phase_name(game.phase)},
        {"seq", game.seq},
        {"phase_etag", game.phase_etag},
        {"deadline", or_null(game.deadline)},
        {"sandbox", game.sandbox},
        {"settings", settings_json(game.settings)},
        {"extensions", extensions_json(game.extensions)},
        {"seed_commitment", game.seed_commitment},
        {"winner", or_null(game.winner)},
        {"result", game_result_json(game.result)},
        {"created_at", game.created_at},
        {"revision", game.revision},
        {"seats", std::move(seats)},
        {"seed_bits", game.seed_bits},
    };
    // Only while an absence holds the phase: every other document stays as it was.
    if (game.waiting_for_absence)
        out["waiting_for_absence"] = {{"until", *game.waiting_for_absence}};
    add_position(*game.loaded_variant, game.position, game.fog, out);
    if (game.status == GameStatus::ended) {
        out["seed"] = game.seed.value_or("");
        out["ended_at"] = or_null(game.ended_at);
    }
    if (game.paused_remaining) out["paused_remaining"] = *game.paused_remaining;
    return out;
}

Json history_document_json(const service::HistoryDocument& history) {
    Json phases = Json::array();
    for (const auto& phase : history.phases)
        phases.push_back({{"seq", phase.seq},
                          {"phase", phase.phase},
                          {"phase_name", phase_name(phase.phase)},
                          {"resolved", phase.resolved_at.has_value()},
                          {"resolved_at", or_null(phase.resolved_at)},
                          {"hash", or_null(phase.hash)},
                          {"prev_hash", phase.prev_hash}});
    return {{"game", history.game_id}, {"phases", std::move(phases)}};
}

Json phase_document_json(const service::PhaseDocument& phase) {
    Json out = {{"game", phase.game_id},
                {"seq", phase.seq},
                {"phase", phase.phase},
                {"phase_name", phase_name(phase.phase)},
                {"deadline", or_null(phase.deadline)},
                {"prev_hash", phase.prev_hash},
                {"resolved", phase.record.has_value()}};
    add_position(*phase.loaded_variant, phase.position, phase.fog, out);
    if (phase.record) {
        out["resolved_at"] = phase.record->resolved_at;
        out["orders"] = storage::seats_json(phase.record->orders);
        out["results"] = storage::report_json(phase.record->results);
        out["events"] = storage::stored_events_json(phase.record->events);
        out["hash"] = phase.record->hash;
    }
    return out;
}

Json power_history_json(const service::PowerHistory& history) {
    Json phases = Json::array();
    for (const auto& entry : history.phases) {
        Json out = {{"seq", entry.seq},
                    {"phase", entry.phase},
                    {"phase_name", phase_name(entry.phase)},
                    {"resolved_at", entry.resolved_at},
                    {"submitted", entry.submitted},
                    {"orders", entry.orders},
                    {"results", storage::report_orders_json(entry.results)}};
        if (entry.source) out["source"] = *entry.source;
        if (entry.text) out["text"] = *entry.text;
        phases.push_back(std::move(out));
    }
    return {{"game", history.game_id},
            {"power", history.power},
            {"phases", std::move(phases)},
            {"next_after", or_null(history.next_after)}};
}

std::shared_ptr<const std::string> view_text(const service::GameView& view) {
    return text_of(view, &game_document_json);
}

std::shared_ptr<const std::string> view_text(const service::HistoryView& view) {
    return text_of(view, &history_document_json);
}

}  // namespace adjutant::http
