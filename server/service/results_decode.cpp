// SPDX-License-Identifier: Apache-2.0
#include "service/results_decode.h"

#include <utility>

#include "service/codec.h"
#include "service/fog.h"
#include "service/week_summary.h"
#include "storage/codec.h"

namespace adjutant::service {

namespace {

// A list's item as text: a string as it is, anything else as its JSON.
std::string item_text(const nlohmann::json& item) {
    return item.is_string() ? item.get<std::string>() : item.dump();
}

// "A LIE", or a campaign unit {"unit", "points", "supply", "general"}; a dislodged unit also
// has its "retreats".
UnitStanding decode_unit(const nlohmann::json& unit) {
    UnitStanding out;
    if (!unit.is_object()) {
        out.unit = item_text(unit);
        return out;
    }
    out.unit = unit.value("unit", "?");
    if (unit.contains("points")) out.points = unit.value("points", std::int64_t{0});
    if (unit.contains("supply")) out.supply = unit.value("supply", 0);
    if (unit.contains("general")) out.general = unit.value("general", "");
    for (const auto& retreat : unit.value("retreats", nlohmann::json::array()))
        out.retreats.push_back(item_text(retreat));
    return out;
}

GarrisonStanding decode_garrison(const nlohmann::json& garrison) {
    GarrisonStanding out;
    out.province = garrison.value("province", "?");
    out.points = garrison.value("points", std::int64_t{0});
    if (garrison.contains("general")) out.general = garrison.value("general", "");
    return out;
}

// A position section keyed by power ({"Belgium": [...]}), each entry read by `decode`.
template <typename Entry, typename Decode>
std::map<std::string, std::vector<Entry>> by_power(const nlohmann::json& position,
                                                   const char* section, Decode decode) {
    std::map<std::string, std::vector<Entry>> out;
    if (!position.is_object() || !position.contains(section) || !position[section].is_object())
        return out;
    for (const auto& [power, list] : position[section].items()) {
        auto& entries = out[power];
        for (const auto& entry : list) entries.push_back(decode(entry));
    }
    return out;
}

std::optional<std::int64_t> integer(const nlohmann::json& value) {
    if (!value.is_number_integer()) return std::nullopt;
    return value.get<std::int64_t>();
}

// A report's order entry, as storage's codec read it, for the mail's text.
OrderResult order_result(const storage::ReportOrder& o) {
    OrderResult out;
    out.power = o.power.value_or("");
    out.input = o.input.value_or("");
    out.order = o.order;
    out.result = o.result.value_or("");
    out.reason = o.reason;
    out.by_default = o.by_default.value_or(false);
    return out;
}

ResultEvent result_event(const storage::StoredEvent& e) {
    ResultEvent out;
    out.text = e.text.value_or("");
    if (e.roll) {
        const auto& r = *e.roll;
        out.roll = DieRoll{r.purpose.value_or(""), r.subject.value_or(""),
                           static_cast<int>(r.d10.value_or(0)), r.modifiers.value_or(""),
                           r.table.value_or("")};
    }
    return out;
}

// The stored report of a resolved phase as `reader` may read it (fog.h), or none when it or
// the stored orders cannot be read.
std::optional<storage::StoredReport> redacted_report(const LoadedGame& game,
                                                     const storage::PhaseRow& phase,
                                                     const Viewer& reader) {
    auto report = storage::read_report(phase.results.value_or("{}"));
    auto seats = storage::read_seats(phase.orders.value_or("[]"));
    if (!report || !seats) return std::nullopt;
    redact_record(*game.variant, game.row.status, phase.position, reader, *seats, *report, nullptr);
    return report;
}

}  // namespace

GameStanding decode_game_standing(const nlohmann::json& game) {
    GameStanding out;
    out.id = game.value("id", std::int64_t{0});
    out.name = game.value("name", "");
    out.variant = game.value("variant", "");
    out.phase = game.value("phase", "");
    out.status = parse_game_status(game.value("status", "")).value_or(GameStatus::forming);
    out.deadline = integer(game.value("deadline", nlohmann::json()));
    if (game.contains("winner") && game["winner"].is_string())
        out.winner = game["winner"].get<std::string>();
    for (const auto& seat : game.value("seats", nlohmann::json::array()))
        out.seats.push_back({seat.value("power", ""), seat.value("centers", 0),
                             seat.value("needs_orders", false), seat.value("ready", false)});
    const auto position = game.value("position", nlohmann::json::object());
    out.units = by_power<UnitStanding>(position, "units", decode_unit);
    out.dislodged = by_power<UnitStanding>(position, "dislodged", decode_unit);
    out.garrisons = by_power<GarrisonStanding>(position, "garrisons", decode_garrison);
    out.sieges = by_power<SiegeStanding>(position, "sieges", [](const nlohmann::json& siege) {
        return SiegeStanding{siege.value("province", "?"), siege.value("weeks", 0)};
    });
    if (position.contains("generals") && position["generals"].is_object())
        for (const auto& [power, generals] : position["generals"].items()) {
            auto& pool = out.generals[power];
            for (const auto& general : generals.value("pool", nlohmann::json::array()))
                pool.push_back({general.value("name", "?"), general.value("active", false)});
        }
    return out;
}

std::vector<PhaseEntry> decode_phase_entries(const nlohmann::json& phases) {
    std::vector<PhaseEntry> out;
    for (const auto& phase : phases)
        out.push_back({phase.value("seq", std::int64_t{0}), phase.value("phase", ""),
                       phase.value("resolved", false),
                       integer(phase.value("resolved_at", nlohmann::json())),
                       phase.value("hash", "")});
    return out;
}

PhaseReport decode_phase_report(const storage::StoredReport& results) {
    PhaseReport out;
    if (results.orders)
        for (const auto& o : *results.orders) out.orders.push_back(order_result(o));
    if (results.dislodged)
        for (const auto& d : *results.dislodged)
            out.dislodged.push_back({d.power.value_or(""), d.unit.value_or(""), d.from});
    if (results.events)
        for (const auto& e : *results.events) out.events.push_back(result_event(e));
    return out;
}

GameStanding game_standing(GameViews& views, const Locked& locked, const LoadedGame& game,
                           const Viewer& who) {
    return decode_game_standing(views.game_json(locked, game, who));
}

GameStanding game_standing(GameViews& views, const Locked& locked, const Viewer& who,
                           std::int64_t game_id) {
    return decode_game_standing(nlohmann::json::parse(views.game(locked, who, game_id)->body));
}

std::vector<PhaseEntry> phase_entries(GameViews& views, const Locked& locked,
                                      std::int64_t game_id) {
    return decode_phase_entries(
        nlohmann::json::parse(views.history(locked, game_id)->body)["phases"]);
}

std::optional<PhaseResults> phase_results(GameViews& views, const Locked& locked,
                                          const Caller& caller, std::int64_t game_id,
                                          std::int64_t seq) {
    const PhaseDocument phase = views.phase_document(locked, caller, game_id, seq);
    if (!phase.record) return std::nullopt;
    return PhaseResults{phase.phase, decode_phase_report(phase.record->results)};
}

std::optional<PhaseReport> stored_results(const LoadedGame& game, const storage::PhaseRow& phase,
                                          const Viewer& reader) {
    const auto report = redacted_report(game, phase, reader);
    if (!report) return std::nullopt;
    return decode_phase_report(*report);
}

SeatResults seat_results(const LoadedGame& game, const storage::PhaseRow& phase,
                         const std::string& power) {
    const auto report = redacted_report(game, phase, Viewer{false, power});
    if (!report) return {};
    return {decode_phase_report(*report),
            week_summary_text(game.variant->variant,
                              summarize_week(game.variant->variant, *report, power))};
}

std::vector<Verdict> stored_verdicts(std::string_view text) {
    return decode_verdicts(nlohmann::json::parse(text));
}

}  // namespace adjutant::service
