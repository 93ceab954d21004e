// SPDX-License-Identifier: Apache-2.0
// GM actions (service/gm_action.h): start, pause, resume, extend, resolve now, end, press (the
// rules), settings (the missing-orders policy and friends), and the rule modules' own (the rail
// interdiction, the tabletop results: rules/module_api.h). Every one is audited.
#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "rules/module_api.h"
#include "service/absence.h"
#include "service/attendance.h"
#include "service/codec.h"
#include "service/draw_service.h"
#include "service/game_internal.h"
#include "service/game_service.h"
#include "service/gm_input.h"
#include "service/phase_etag.h"
#include "service/press_service.h"
#include "storage/audit_details.h"

namespace adjutant::service {

namespace {

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

// A resolve must name the phase it resolves: by its code or its ETag; a stale one is 409
// "stale_phase", none 428 "phase_required", both with the current phase in details.
void require_named_phase(const LoadedGame& game, const GmAction& action) {
    const std::string& current = game.phase.phase;
    const std::string etag = phase_etag(game.row.id, game.phase.seq, false);
    const CurrentPhase details = current_phase(game);
    const auto& named = action.phase;
    const std::string_view if_match = action.if_match;
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

// The audit's record of a settings change: the fields the GM sent, as sent, except the GM's
// address, which is audited as set or not and never copied into the log.
storage::AuditDetails settings_audit(const SettingsChange& change,
                                     const storage::MissingOrdersSettings& settings) {
    storage::AuditDetails out;
    if (change.missing_orders) out["missing_orders"] = *change.missing_orders;
    if (change.resolve_when_ready) out["resolve_when_ready"] = *change.resolve_when_ready;
    if (change.grace_seconds) out["grace_seconds"] = *change.grace_seconds;
    const attendance::SettingsChange& a = change.attendance;
    if (a.extensions_per_player) out["extensions_per_player"] = *a.extensions_per_player;
    if (a.extension_seconds_given)
        out["extension_seconds"] = a.extension_seconds ? storage::AuditValue(*a.extension_seconds)
                                                       : storage::AuditValue(nullptr);
    if (a.civil_disorder_after) out["civil_disorder_after"] = *a.civil_disorder_after;
    if (a.gm_email_given) out["gm_email"] = settings.gm_email.has_value();
    if (change.absence_days_per_player)
        out["absence_days_per_player"] = *change.absence_days_per_player;
    if (change.absence_cooldown_phases)
        out["absence_cooldown_phases"] = *change.absence_cooldown_phases;
    if (change.min_reliability) out["min_reliability"] = *change.min_reliability;
    if (change.assignment) out["assignment"] = std::string(to_string(*change.assignment));
    return out;
}

// The clock actions and the end change only the game's row; each returns the audit's detail.

storage::AuditDetails start_game(LoadedGame& game, std::int64_t now) {
    storage::GameRow& row = game.row;
    if (row.status != GameStatus::forming) throw conflict("the game has already started");
    row.status = GameStatus::active;
    if (!row.sandbox) row.deadline = now + phase_seconds(row, game.phase.phase);
    return {};
}

storage::AuditDetails pause_game(storage::GameRow& row, std::int64_t now) {
    if (row.status != GameStatus::active) throw conflict("only an active game can be paused");
    row.status = GameStatus::paused;
    row.paused_remaining = std::max<std::int64_t>(0, row.deadline.value_or(now) - now);
    row.deadline.reset();
    return {};
}

storage::AuditDetails resume_game(LoadedGame& game, std::int64_t now) {
    storage::GameRow& row = game.row;
    if (row.status != GameStatus::paused) throw conflict("the game is not paused");
    row.status = GameStatus::active;
    row.deadline = now + row.paused_remaining.value_or(phase_seconds(row, game.phase.phase));
    row.paused_remaining.reset();
    return {};
}

storage::AuditDetails extend_deadline(storage::GameRow& row, std::int64_t seconds,
                                      std::int64_t now) {
    if (row.status == GameStatus::paused)
        row.paused_remaining = row.paused_remaining.value_or(0) + seconds;
    else if (row.deadline)
        // Extending an overdue deadline counts from now, so the extension is real.
        row.deadline = std::max(*row.deadline, now) + seconds;
    else
        throw conflict("the game has no deadline to extend");
    return {{"seconds", seconds}};
}

storage::AuditDetails end_game(const Locked& locked, LoadedGame& game,
                               const std::optional<std::string>& winner, std::int64_t now) {
    storage::GameRow& row = game.row;
    row.status = GameStatus::ended;
    row.ended_at = now;
    row.deadline.reset();
    row.paused_remaining.reset();
    if (winner) row.winner = canonical_power(game.variant->variant, *winner);
    DrawService::expire_open(locked, game.row.id, now);
    return {
        {"winner", row.winner ? storage::AuditValue(*row.winner) : storage::AuditValue(nullptr)}};
}

// A rule module's action puts the GM's input into the phase's stored position, so the phase is
// adjudicated and its hash taken with it and `adjutant replay` recomputes the same results; the
// audit records the input as the position holds it (in the module's own form, which storage
// writes beside the phase), and this returns the audit's detail as stored.
std::string module_action(const Locked& locked, const LoadedGame& game, const GmAction& action) {
    const Variant& variant = game.variant->variant;
    Position position = game.position;
    const std::string why =
        apply_gm_action(variant, action.module_action, phase_orders(locked, game).orders,
                        action.module_input, position);
    if (!why.empty()) throw bad_request(why);
    locked.store().set_phase_position(game.row.id, game.phase.seq,
                                      position_text(variant, position));
    return storage::encode_gm_input_audit(gm_action_record(variant, action.module_action, position),
                                          game.phase.phase, game.phase.seq);
}

}  // namespace

GmActionResult GameService::gm_action(const Caller& caller, std::int64_t game_id,
                                      const GmAction& action) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    LoadedGame game = locked.load(game_id);
    if (game.row.status == GameStatus::ended) throw conflict("the game has ended");
    switch (action.kind) {
        case GmActionKind::resolve:
            return gm_resolve(locked, game, action);
        case GmActionKind::press:
            return gm_press(locked, game, action.press);
        case GmActionKind::settings:
            return gm_settings(locked, game, action.settings);
        case GmActionKind::start:
        case GmActionKind::pause:
        case GmActionKind::resume:
        case GmActionKind::extend:
        case GmActionKind::module:
        case GmActionKind::end:
            return gm_change(locked, game, action);
    }
    // Not reached: the switch lists every kind.
    throw std::logic_error("gm_action: a kind not listed");
}

GmActionResult GameService::gm_resolve(const Locked& locked, const LoadedGame& game,
                                       const GmAction& action) {
    // A game still forming has no clock and open seats: it is started, not resolved.
    if (game.row.status == GameStatus::forming)
        throw conflict("the game is still forming: start it (actions/start) before resolving");
    require_named_phase(game, action);
    const std::int64_t game_id = game.row.id;
    const int resolved = resolution_.resolve(locked, game_id, "gm", game.phase.seq);
    GmActionResult result;
    result.resolved = resolved;
    result.game = views_.document(locked, locked.load(game_id), Viewer{true, ""});
    return result;
}

GmActionResult GameService::gm_press(const Locked& locked, const LoadedGame& game,
                                     const PressRulesChange& change) {
    auto& store = locked.store();
    const std::int64_t game_id = game.row.id;
    storage::Transaction transaction(store.database());
    // The players join a game under its press rules: they change only before it starts.
    if (game.row.status != GameStatus::forming)
        throw conflict("press rules are set before the game starts");
    const PressRules rules = apply(change, PressService::rules(locked, game_id));
    store.press().put_rules(game_id, rules);
    // The audit's details name the rules as the game's settings show them (http/press_json.h).
    store.audit(game_id, "gm", "press",
                storage::encode_audit_details({{"rule", rules.rule},
                                               {"grey", rules.grey},
                                               {"retreats", rules.in_retreats},
                                               {"adjustments", rules.in_adjustments},
                                               {"gm_reads_all", rules.gm_reads_all},
                                               {"publish_at_end", rules.publish_at_end}}),
                context_.now());
    locked.changed(game_id);
    transaction.commit();
    GmActionResult result;
    result.press = rules;
    result.game = views_.document(locked, locked.load(game_id), Viewer{true, ""});
    return result;
}

GmActionResult GameService::gm_settings(const Locked& locked, LoadedGame& game,
                                        const SettingsChange& change) {
    auto& store = locked.store();
    const std::int64_t game_id = game.row.id;
    storage::Transaction transaction(store.database());
    storage::GameRow& row = game.row;
    const storage::GameRow shown_before = row;
    if (change.assignment) seats_.set_mode(locked, game, *change.assignment);
    if (change.missing_orders) row.missing_policy = *change.missing_orders;
    if (change.resolve_when_ready) row.resolve_when_ready = *change.resolve_when_ready;
    if (change.grace_seconds) row.grace_seconds = *change.grace_seconds;
    auto records = store.attendance();
    const auto settings_before = records.settings(game_id);
    const auto settings = attendance::apply(change.attendance, settings_before);
    records.put_settings(game_id, settings);
    // The absences' settings are read with the absences (GET .../absences), not in the game's
    // documents, which they leave as they were.
    if (change.absence_days_per_player || change.absence_cooldown_phases) {
        auto absences = store.absences();
        storage::AbsenceSettings limits = absences.settings(game_id);
        if (change.absence_days_per_player)
            limits.days_per_player = *change.absence_days_per_player;
        if (change.absence_cooldown_phases)
            limits.cooldown_phases = *change.absence_cooldown_phases;
        absences.put_settings(game_id, limits);
    }
    // Like the absences', the minimum stays out of the game's documents.
    if (change.min_reliability)
        store.accounts().set_min_reliability(game_id, *change.min_reliability);
    store.audit(game_id, "gm", "settings",
                storage::encode_audit_details(settings_audit(change, settings)), context_.now());
    // The GM's address is never shown: a change of it alone leaves the game's documents,
    // their revision and ETags as they were.
    if (row.missing_policy != shown_before.missing_policy ||
        row.resolve_when_ready != shown_before.resolve_when_ready ||
        row.grace_seconds != shown_before.grace_seconds ||
        !attendance::same_public_settings(settings, settings_before)) {
        store.update_game_settings(row);
        locked.changed(game_id);
    }
    transaction.commit();
    GmActionResult result;
    result.settings = true;
    result.gm_email = settings.gm_email;
    result.game = views_.document(locked, locked.load(game_id), Viewer{true, ""});
    return result;
}

// The actions that change the game's row or its phase's position: each is audited with its
// detail, and the game's documents change.
GmActionResult GameService::gm_change(const Locked& locked, LoadedGame& game,
                                      const GmAction& action) {
    auto& store = locked.store();
    const std::int64_t game_id = game.row.id;
    const std::int64_t t = context_.now();
    storage::Transaction transaction(store.database());
    storage::GameRow& row = game.row;
    const bool clock = action.kind == GmActionKind::pause || action.kind == GmActionKind::resume ||
                       action.kind == GmActionKind::extend;
    if (row.sandbox && clock)
        throw conflict("a sandbox game has no deadlines: it resolves when its GM says");
    std::string detail;  // the audit's, as stored
    switch (action.kind) {
        case GmActionKind::start:
            // A game that assigns its powers gives those on its join list theirs first.
            if (row.status == GameStatus::forming) seats_.assign_joiners(locked, game);
            detail = storage::encode_audit_details(start_game(game, t));
            break;
        case GmActionKind::pause:
            detail = storage::encode_audit_details(pause_game(row, t));
            break;
        case GmActionKind::resume:
            detail = storage::encode_audit_details(resume_game(game, t));
            break;
        case GmActionKind::extend:
            detail = storage::encode_audit_details(extend_deadline(row, action.seconds, t));
            break;
        case GmActionKind::module:
            detail = module_action(locked, game, action);
            break;
        case GmActionKind::end:
            detail = storage::encode_audit_details(end_game(locked, game, action.winner, t));
            break;
        case GmActionKind::resolve:
        case GmActionKind::press:
        case GmActionKind::settings:
            throw std::logic_error("gm_change: not a change of the game's row");
    }
    // A new or moved deadline passes the absences' rule like every other (service/absence.h).
    if (clock || action.kind == GmActionKind::start)
        if (row.status == GameStatus::active && row.deadline)
            row.deadline =
                AbsenceService::schedule(locked, game_id, game.phase.seq, game.variant->variant,
                                         game.position, *row.deadline, t);
    store.update_game(row);
    store.set_phase_deadline(game_id, game.phase.seq, row.deadline);
    store.audit(game_id, "gm", std::string(action_name(action)), detail, t);
    locked.changed(game_id);
    transaction.commit();
    GmActionResult result;
    result.game = views_.document(locked, locked.load(game_id), Viewer{true, ""});
    return result;
}

std::string_view to_string(GmActionKind kind) {
    switch (kind) {
        case GmActionKind::start:
            return "start";
        case GmActionKind::pause:
            return "pause";
        case GmActionKind::resume:
            return "resume";
        case GmActionKind::extend:
            return "extend";
        case GmActionKind::resolve:
            return "resolve";
        case GmActionKind::end:
            return "end";
        case GmActionKind::module:
            return "module";
        case GmActionKind::press:
            return "press";
        case GmActionKind::settings:
            return "settings";
    }
    return "start";  // not reached: every kind is listed above
}

std::optional<GmActionKind> parse_gm_action_kind(std::string_view word) {
    for (GmActionKind kind :
         {GmActionKind::start, GmActionKind::pause, GmActionKind::resume, GmActionKind::extend,
          GmActionKind::resolve, GmActionKind::end, GmActionKind::press, GmActionKind::settings})
        if (to_string(kind) == word) return kind;
    if (is_module_gm_action(word)) return GmActionKind::module;
    return std::nullopt;
}

std::string_view action_name(const GmAction& action) {
    return action.kind == GmActionKind::module ? std::string_view(action.module_action)
                                               : to_string(action.kind);
}

AuditLog GameService::audit_log(const Caller& caller, std::int64_t game_id) {
    require_gm(caller, game_id);
    return {game_id, context_.lock().store().audit_log(game_id)};
}

}  // namespace adjutant::service
