// SPDX-License-Identifier: Apache-2.0
#include "service/replay.h"
#include "rules/rail/state.h"
#include "rules/tabletop_battles/battles.h"

#include <map>
#include <string>
#include <vector>

#include "adjudicate.h"
#include "orders/parser.h"
#include "service/codec.h"
#include "service/error.h"
#include "service/game_internal.h"
#include "service/text.h"
#include "starting_position.h"

namespace adjutant::service {

namespace {

// Interdiction marks (docs/rail-movement.md) are the GM's input, not something a phase
// computes: the recomputed position takes the stored one's marks before the two are compared,
// and the marks are checked against the GM's audited interdict actions instead.
std::map<std::int64_t, std::vector<std::string>> audited_marks(storage::Store& store,
                                                               std::int64_t game_id) {
    std::map<std::int64_t, std::vector<std::string>> marks;
    for (const auto& entry : store.audit_log(game_id)) {
        if (entry.action != "interdict") continue;
        const auto detail = nlohmann::json::parse(entry.detail, nullptr, false);
        if (!detail.is_object() || !detail.contains("seq") || !detail.contains("provinces"))
            continue;
        marks[detail["seq"].get<std::int64_t>()] =
            detail["provinces"].get<std::vector<std::string>>();
    }
    return marks;
}

// The GM's tabletop battle results (docs/tabletop-battles.md) are his input too, entered into
// the phase's position after it began: kept from the stored position as the marks are, and
// checked against his last audited battles action for the phase.
std::map<std::int64_t, nlohmann::json> audited_battles(storage::Store& store,
                                                       std::int64_t game_id) {
    std::map<std::int64_t, nlohmann::json> results;
    for (const auto& entry : store.audit_log(game_id)) {
        if (entry.action != "battles") continue;
        const auto detail = nlohmann::json::parse(entry.detail, nullptr, false);
        if (!detail.is_object() || !detail.contains("seq") || !detail.contains("battle_results"))
            continue;
        results[detail["seq"].get<std::int64_t>()] = detail["battle_results"];
    }
    return results;
}

nlohmann::json battle_results(const Variant& variant, const std::string& stored) {
    const nlohmann::json document = position_json(variant, decode_position(variant, stored));
    return document.contains("battle_results") ? document["battle_results"] : nlohmann::json();
}

std::string with_marks(const Variant& variant, Position recomputed, const std::string& stored) {
    const Position marked = decode_position(variant, stored);
    rail::state(recomputed).interdicted = rail::state(marked).interdicted;
    tabletop_battles::state(recomputed) = tabletop_battles::state(marked);
    return json_text(position_json(variant, recomputed));
}

std::vector<std::string> mark_names(const Variant& variant, const std::string& stored) {
    std::vector<std::string> names;
    const Position marked = decode_position(variant, stored);
    for (ProvinceId p : rail::state(marked).interdicted) names.push_back(variant.provinces[p].abbr);
    return names;
}

void replay_game(const storage::GameRow& game, storage::Store& store,
                 const VariantRegistry& variants, ReplayReport& report) {
    ++report.games;
    auto problem = [&](const storage::PhaseRow& phase, std::string what) {
        report.problems.push_back({game.id, phase.seq, phase.phase, std::move(what)});
    };
    auto loaded = variants.find(game.variant);
    const auto phases = store.phases(game.id);
    if (!loaded) {
        report.problems.push_back(
            {game.id, 0, "", "variant '" + game.variant + "' not loaded", /*unchecked=*/true});
        return;
    }
    const Variant& variant = loaded->variant;
    if (phases.empty()) {
        report.problems.push_back({game.id, 0, "", "no phases"});
        return;
    }
    const auto marks = audited_marks(store, game.id);
    const auto battles = audited_battles(store, game.id);
    try {
        if (phases.front().position !=
            with_marks(variant, starting_position(variant), phases.front().position))
            problem(phases.front(), "first position is not the variant's starting position");
        for (const auto& phase : phases) {
            const auto audited = marks.find(phase.seq);
            const std::vector<std::string> expected =
                audited == marks.end() ? std::vector<std::string>{} : audited->second;
            if (mark_names(variant, phase.position) != expected)
                problem(phase, "interdiction marks differ from the GM's audited interdict action");
            const auto entered = battles.find(phase.seq);
            if (battle_results(variant, phase.position) !=
                (entered == battles.end() ? nlohmann::json() : entered->second))
                problem(phase, "battle results differ from the GM's audited battles action");
        }
    } catch (const std::exception& error) {
        problem(phases.front(), std::string("cannot read a stored position: ") + error.what());
    }

    for (std::size_t i = 0; i < phases.size(); ++i) {
        const auto& phase = phases[i];
        const std::string expected_prev =
            i == 0 ? std::string(kGenesisHash) : phases[i - 1].hash.value_or("");
        if (phase.prev_hash != expected_prev) problem(phase, "hash chain broken (prev_hash)");
        if (!phase.resolved_at) {
            if (i + 1 != phases.size()) problem(phase, "unresolved phase before the last");
            continue;
        }
        try {
            const Position position = decode_position(variant, phase.position);
            ParsedOrders all;
            const auto orders = nlohmann::json::parse(phase.orders.value_or("[]"));
            // Each seat onto the end of the phase's lists, as the resolution parses them.
            for (const auto& entry : orders)
                loaded->parser().parse_onto(
                    all, position, entry.at("text").get<std::string>(),
                    power_id(variant, entry.at("power").get<std::string>()));
            const Adjudication adjudication =
                adjudicate(variant, position, all.orders, dice_seed(game));
            const std::string results = json_text(adjudication_json(variant, all, adjudication));
            ++report.phases;
            if (results != phase.results.value_or("")) problem(phase, "results differ");
            const std::string hash =
                phase_hash(phase.prev_hash, phase.phase, phase.position, phase.orders.value_or(""),
                           phase.results.value_or(""));
            if (hash != phase.hash.value_or("")) problem(phase, "hash differs");
            if (i + 1 < phases.size()) {
                const auto& next = phases[i + 1];
                if (next.position != with_marks(variant, adjudication.next, next.position))
                    problem(next, "position differs from the recomputed one");
                if (next.phase != adjudication.next.phase.code())
                    problem(next, "phase differs from the recomputed one");
            } else {
                problem(phase, "resolved phase has no successor");
            }
        } catch (const std::exception& error) {
            problem(phase, std::string("cannot recompute: ") + error.what());
        }
    }
}

}  // namespace

ReplayReport replay(storage::Store& store, const VariantRegistry& variants,
                    std::optional<std::int64_t> game_id) {
    ReplayReport report;
    if (game_id) {
        auto game = store.game(*game_id);
        if (!game) throw not_found("no game " + std::to_string(*game_id));
        replay_game(*game, store, variants, report);
        return report;
    }
    for (const auto& game : store.games()) replay_game(game, store, variants, report);
    return report;
}

}  // namespace adjutant::service
