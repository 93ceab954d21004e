// SPDX-License-Identifier: Apache-2.0
#include "service/replay.h"

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "adjudicate.h"
#include "orders/parser.h"
#include "rules/module_api.h"
#include "service/codec.h"
#include "service/error.h"
#include "service/game_internal.h"
#include "starting_position.h"
#include "storage/audit_details.h"

namespace adjutant::service {

namespace {

// What the GM enters by a rule module's action (the interdiction marks, docs/rail-movement.md;
// the tabletop results, docs/tabletop-battles.md) is his input, not something a phase computes:
// the recomputed position takes the stored one's before the two are compared, and the input is
// checked against his last audited action of the kind for the phase instead.
// The records are compared as storage writes them (storage/audit_details.h).
using AuditedInput = std::map<std::string, std::map<std::int64_t, std::string>, std::less<>>;

// Per action's word, per phase's seq: the input as the GM's last action recorded it.
AuditedInput audited_input(storage::Store& store, std::int64_t game_id) {
    AuditedInput input;
    const std::vector<std::string_view> actions = gm_action_names();
    for (const auto& entry : store.audit_log(game_id)) {
        if (std::find(actions.begin(), actions.end(), entry.action) == actions.end()) continue;
        auto audited = storage::decode_gm_input_audit(entry.detail);
        if (!audited) continue;
        input[entry.action][audited->seq] = std::move(audited->record);
    }
    return input;
}

// Each problem of the GM's input stored in a phase's position against his audited actions.
void check_input(const Variant& variant, const AuditedInput& audited,
                 const storage::PhaseRow& phase, std::vector<std::string>& problems) {
    const Position stored = decode_position(variant, phase.position);
    Position none = stored;
    keep_gm_input(Position{}, none);
    for (const std::string_view action : gm_action_names()) {
        const std::string held = storage::gm_input_text(gm_action_record(variant, action, stored));
        std::string expected = storage::gm_input_text(gm_action_record(variant, action, none));
        if (const auto of_action = audited.find(action); of_action != audited.end())
            if (const auto entered = of_action->second.find(phase.seq);
                entered != of_action->second.end())
                expected = entered->second;
        if (held != expected)
            problems.push_back(std::string(gm_action_subject(action)) +
                               " differ from the GM's audited " + std::string(action) + " action");
    }
}

std::string with_input(const Variant& variant, Position recomputed, const std::string& stored) {
    keep_gm_input(decode_position(variant, stored), recomputed);
    return position_text(variant, recomputed);
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
    const AuditedInput audited = audited_input(store, game.id);
    try {
        if (phases.front().position !=
            with_input(variant, starting_position(variant), phases.front().position))
            problem(phases.front(), "first position is not the variant's starting position");
        for (const auto& phase : phases) {
            std::vector<std::string> problems;
            check_input(variant, audited, phase, problems);
            for (std::string& what : problems) problem(phase, std::move(what));
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
            // Each seat onto the end of the phase's lists, as the resolution parses them.
            for (const auto& seat : storage::read_orders(phase.orders.value_or("[]")))
                loaded->parser().parse_onto(all, position, seat.text,
                                            power_id(variant, seat.power));
            const Adjudication adjudication =
                adjudicate(variant, position, all.orders, dice_seed(game));
            // A phase stored before results carried explanations is compared without them
            // (docs/design.md, "Explanations").
            const std::string results =
                storage::report_explains(phase.results.value_or(""))
                    ? adjudication_text(variant, all, adjudication)
                    : storage::adjudication_text_unexplained(variant, all, adjudication);
            ++report.phases;
            if (results != phase.results.value_or("")) problem(phase, "results differ");
            const std::string hash =
                phase_hash(phase.prev_hash, phase.phase, phase.position, phase.orders.value_or(""),
                           phase.results.value_or(""));
            if (hash != phase.hash.value_or("")) problem(phase, "hash differs");
            if (i + 1 < phases.size()) {
                const auto& next = phases[i + 1];
                if (next.position != with_input(variant, adjudication.next, next.position))
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
