// SPDX-License-Identifier: Apache-2.0
// GM actions: start, pause, resume, extend, resolve now, end, interdict, press (the rules),
// settings (the missing-orders policy and friends). Every one is audited.
#include <algorithm>
#include <cctype>

#include "rules/rail/state.h"
#include "service/attendance.h"
#include "service/codec.h"
#include "service/draw_service.h"
#include "service/game_internal.h"
#include "service/game_service.h"
#include "service/phase_etag.h"
#include "service/press_service.h"
#include "service/request.h"
#include "service/tabletop.h"
#include "service/text.h"

namespace adjutant::service {

namespace {

// {"provinces": ["LIE", ...]}: the provinces interdicted this turn, replacing the earlier marks
// (docs/rail-movement.md). Refused on maps without a rail network.
std::vector<ProvinceId> interdiction_marks(const Variant& variant, const nlohmann::json& body) {
    if (!variant.campaign || !variant.campaign->modules.enabled("rail_network"))
        throw bad_request("this variant has no rail network to interdict");
    const auto it = body.is_object() ? body.find("provinces") : body.end();
    if (!body.is_object() || it == body.end() || !it->is_array())
        throw bad_request("field 'provinces' is required: a list of provinces, [] to clear");
    if (it->size() > variant.province_count()) throw bad_request("too many provinces");
    std::vector<ProvinceId> marks;
    for (const auto& item : *it) {
        if (!item.is_string()) throw bad_request("'provinces' holds province names");
        const ProvinceId p = variant.find_province(item.get<std::string>());
        if (p == kNoProvince)
            throw bad_request("unknown province '" + item.get<std::string>() + "'");
        marks.push_back(p);
    }
    std::sort(marks.begin(), marks.end());
    marks.erase(std::unique(marks.begin(), marks.end()), marks.end());
    return marks;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

// Phase codes compare without regard to case ("s1901m" names S1901M).
bool same_code(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(a[i])) !=
            std::toupper(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// If-Match is a list of entity tags ("p3-0", "p3-1"); weak tags never match (RFC 9110 13.1.1
// compares strongly).
bool etag_listed(std::string_view header, std::string_view etag) {
    std::size_t start = 0;
    while (start <= header.size()) {
        std::size_t end = header.find(',', start);
        if (end == std::string_view::npos) end = header.size();
        if (trimmed(header.substr(start, end - start)) == etag) return true;
        start = end + 1;
    }
    return false;
}

// What a GM may change once the game exists; anything else in the body is a mistake to report,
// not to ignore (a misspelt "extensions_per_player" would otherwise silently keep the default).
constexpr std::string_view kSettingsFields[] = {
    "missing_orders",    "resolve_when_ready",   "grace_seconds", "extensions_per_player",
    "extension_seconds", "civil_disorder_after", "gm_email"};

void check_settings_fields(const nlohmann::json& body) {
    if (!body.is_object()) throw bad_request("the request body must be a JSON object");
    for (const auto& [key, value] : body.items())
        if (std::find(std::begin(kSettingsFields), std::end(kSettingsFields), key) ==
            std::end(kSettingsFields))
            throw bad_request("field '" + key + "' is not a setting the GM can change");
}

}  // namespace

void GameService::require_named_phase(const LoadedGame& game, const nlohmann::json& body,
                                      std::string_view if_match) {
    const std::string& current = game.phase.phase;
    const std::string etag = phase_etag(game.row.id, game.phase.seq, false);
    const auto details = json_text(current_phase_details(game));
    const auto named = string_field(body, "phase", 64);
    const bool star = trimmed(if_match) == "*";
    if (!named && (if_match.empty() || star))
        throw ApiError(428, "phase_required",
                       "name the phase this resolve is for: {\"phase\": \"" + current +
                           "\"} in the body, or If-Match: " + etag + " (the game is at " + current +
                           ")",
                       details);
    if (named && !same_code(*named, current))
        throw ApiError(409, "stale_phase",
                       "phase " + *named + " is not the current phase: the game is at " + current,
                       details);
    if (!if_match.empty() && !star && !etag_listed(if_match, etag))
        throw ApiError(
            409, "stale_phase",
            "If-Match names another phase: the game is at " + current + " (ETag " + etag + ")",
            details);
}

nlohmann::json GameService::gm_action(const Caller& caller, std::int64_t game_id,
                                      std::string_view action, const nlohmann::json& body,
                                      std::string_view if_match) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    auto& store = locked.store();
    LoadedGame game = locked.load(game_id);
    storage::GameRow& row = game.row;
    if (row.status == GameStatus::ended) throw conflict("the game has ended");
    nlohmann::json detail = nlohmann::json::object();
    const std::int64_t t = context_.now();

    if (action == "resolve") {
        // A game still forming has no clock and open seats: it is started, not resolved.
        if (row.status == GameStatus::forming)
            throw conflict("the game is still forming: start it (actions/start) before resolving");
        require_named_phase(game, body, if_match);
        int resolved = resolution_.resolve(locked, game_id, "gm", game.phase.seq);
        return {{"resolved", resolved},
                {"game", views_.game_json(locked, locked.load(game_id), Viewer{true, ""})}};
    }

    storage::Transaction transaction(store.database());
    if (action == "press") {
        // The players join a game under its press rules: they change only before it starts.
        if (row.status != GameStatus::forming)
            throw conflict("press rules are set before the game starts");
        const PressRules rules = read_press_rules(body, PressService::rules(locked, game_id));
        store.press().put_rules(game_id, rules);
        store.audit(game_id, "gm", "press", json_text(press_rules_json(rules)), t);
        locked.changed(game_id);
        transaction.commit();
        return {{"press", press_rules_json(rules)},
                {"game", views_.game_json(locked, locked.load(game_id), Viewer{true, ""})}};
    }
    if (row.sandbox && (action == "pause" || action == "resume" || action == "extend"))
        throw conflict("a sandbox game has no deadlines: it resolves when its GM says");
    if (action == "settings") {
        check_settings_fields(body);
        const storage::GameRow shown_before = row;
        if (auto policy = read_missing_policy(body)) row.missing_policy = *policy;
        if (auto ready = bool_field(body, "resolve_when_ready")) row.resolve_when_ready = *ready;
        if (auto grace = integer_field(body, "grace_seconds", 0, 60LL * 60 * 24 * 365))
            row.grace_seconds = *grace;
        auto records = store.attendance();
        const auto settings_before = records.settings(game_id);
        const auto settings = attendance::read_settings(body, settings_before);
        records.put_settings(game_id, settings);
        // The address is the GM's: audited as set or not, never copied into the log.
        nlohmann::json logged = body;
        if (logged.contains("gm_email")) logged["gm_email"] = settings.gm_email.has_value();
        store.audit(game_id, "gm", "settings", json_text(logged), t);
        // The GM's address is never shown: a change of it alone leaves the game's documents,
        // their revision and ETags as they were.
        if (row.missing_policy != shown_before.missing_policy ||
            row.resolve_when_ready != shown_before.resolve_when_ready ||
            row.grace_seconds != shown_before.grace_seconds ||
            attendance::settings_json(settings) != attendance::settings_json(settings_before)) {
            store.update_game_settings(row);
            locked.changed(game_id);
        }
        transaction.commit();
        return {{"gm_email", settings.gm_email ? nlohmann::json(*settings.gm_email) : nullptr},
                {"game", views_.game_json(locked, locked.load(game_id), Viewer{true, ""})}};
    }
    if (action == "start") {
        if (row.status != GameStatus::forming) throw conflict("the game has already started");
        row.status = GameStatus::active;
        if (!row.sandbox) row.deadline = t + phase_seconds(row, game.phase.phase);
    } else if (action == "pause") {
        if (row.status != GameStatus::active) throw conflict("only an active game can be paused");
        row.status = GameStatus::paused;
        row.paused_remaining = std::max<std::int64_t>(0, row.deadline.value_or(t) - t);
        row.deadline.reset();
    } else if (action == "resume") {
        if (row.status != GameStatus::paused) throw conflict("the game is not paused");
        row.status = GameStatus::active;
        row.deadline = t + row.paused_remaining.value_or(phase_seconds(row, game.phase.phase));
        row.paused_remaining.reset();
    } else if (action == "extend") {
        auto seconds = integer_field(body, "seconds", 1, 60LL * 60 * 24 * 365);
        if (!seconds) throw bad_request("field 'seconds' is required");
        detail["seconds"] = *seconds;
        if (row.status == GameStatus::paused)
            row.paused_remaining = row.paused_remaining.value_or(0) + *seconds;
        else if (row.deadline)
            // Extending an overdue deadline counts from now, so the extension is real.
            row.deadline = std::max(*row.deadline, t) + *seconds;
        else
            throw conflict("the game has no deadline to extend");
    } else if (action == "interdict") {
        // Marks are part of the phase's stored position: the phase is adjudicated and its
        // hash taken with them, so `adjutant replay` recomputes the same results.
        const Variant& variant = game.variant->variant;
        Position position = game.position;
        rail::state(position).interdicted = interdiction_marks(variant, body);
        store.set_phase_position(game_id, game.phase.seq,
                                 json_text(position_json(variant, position)));
        nlohmann::json names = nlohmann::json::array();
        for (ProvinceId p : rail::state(position).interdicted)
            names.push_back(variant.provinces[p].abbr);
        detail["phase"] = game.phase.phase;
        detail["seq"] = game.phase.seq;
        detail["provinces"] = std::move(names);
    } else if (action == "battles") {
        // Results are part of the phase's stored position, as the marks are (tabletop.h).
        const Position position = with_battle_results(locked, game, body, detail);
        store.set_phase_position(game_id, game.phase.seq,
                                 json_text(position_json(game.variant->variant, position)));
    } else if (action == "end") {
        row.status = GameStatus::ended;
        row.ended_at = t;
        row.deadline.reset();
        row.paused_remaining.reset();
        if (auto winner = string_field(body, "winner"))
            row.winner = canonical_power(game.variant->variant, *winner);
        detail["winner"] = row.winner ? nlohmann::json(*row.winner) : nullptr;
        DrawService::expire_open(locked, game_id, t);
    } else {
        throw not_found("no GM action '" + std::string(action) + "'");
    }
    store.update_game(row);
    store.set_phase_deadline(game_id, game.phase.seq, row.deadline);
    store.audit(game_id, "gm", std::string(action), json_text(detail), t);
    locked.changed(game_id);
    transaction.commit();
    nlohmann::json out = nlohmann::json::object();
    out["game"] = views_.game_json(locked, locked.load(game_id), Viewer{true, ""});
    return out;
}

AuditLog GameService::audit_log(const Caller& caller, std::int64_t game_id) {
    require_gm(caller, game_id);
    return {game_id, context_.lock().store().audit_log(game_id)};
}

}  // namespace adjutant::service
