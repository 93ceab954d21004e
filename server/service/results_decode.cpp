// SPDX-License-Identifier: Apache-2.0
#include "service/results_decode.h"

#include <utility>

#include "service/codec.h"
#include "service/fog.h"
#include "service/variants.h"
#include "service/week_summary.h"
#include "storage/codec.h"

namespace adjutant::service {

namespace {

// A report's order entry, as storage's codec read it, for the mail's text.
OrderResult order_result(const storage::ReportOrder& o) {
    OrderResult out;
    out.power = o.power.value_or("");
    out.input = o.input.value_or("");
    out.order = o.order;
    out.result = o.result.value_or("");
    out.reason = o.reason;
    out.by_default = o.by_default.value_or(false);
    if (const auto& e = o.explanation;
        e && (out.result == "fails" || e->strengths.size() > 1 || !e->held.empty()))
        out.why = e->text;
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

GameStanding game_standing(const GameDocument& game) {
    GameStanding out;
    out.id = game.id;
    out.name = game.name;
    out.variant = game.variant;
    out.phase = game.phase;
    out.status = game.status;
    out.deadline = game.deadline;
    out.winner = game.winner;
    for (const auto& seat : game.seats)
        out.seats.push_back({seat.power, seat.centers, seat.needs_orders, seat.ready});
    const Sight* sight = game.fog && game.fog->sight ? &*game.fog->sight : nullptr;
    auto position = storage::position_standing(game.loaded_variant->variant, game.position, sight);
    out.units = std::move(position.units);
    out.dislodged = std::move(position.dislodged);
    out.garrisons = std::move(position.garrisons);
    out.generals = std::move(position.generals);
    out.sieges = std::move(position.sieges);
    return out;
}

std::vector<PhaseEntry> phase_entries(const HistoryDocument& history) {
    std::vector<PhaseEntry> out;
    for (const auto& phase : history.phases)
        out.push_back({phase.seq, phase.phase, phase.resolved_at.has_value(), phase.resolved_at,
                       phase.hash.value_or("")});
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
    return game_standing(views.document(locked, game, who));
}

GameStanding game_standing(GameViews& views, const Locked& locked, const Viewer& who,
                           std::int64_t game_id) {
    return game_standing(views.game_view(locked, who, game_id)->document);
}

std::vector<PhaseEntry> phase_entries(GameViews& views, const Locked& locked,
                                      std::int64_t game_id) {
    return phase_entries(views.history_view(locked, game_id)->document);
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
    return storage::read_verdicts(text);
}

}  // namespace adjutant::service
