// SPDX-License-Identifier: Apache-2.0
#include "service/tabletop.h"

#include <algorithm>

#include "core/phase.h"
#include "rules/experience/state.h"
#include "rules/tabletop_battles/battles.h"
#include "service/error.h"
#include "service/game_service.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::service {

namespace {

std::string abbr(const Variant& variant, ProvinceId p) {
    return variant.provinces[p].abbr;
}

BattleResultEntered result_entered(const Variant& variant,
                                   const tabletop_battles::BattleResult& r) {
    BattleResultEntered out;
    out.winner = variant.powers[r.winner].name;
    for (const auto& [from, points] : r.losses) out.losses[abbr(variant, from)] = points;
    out.generals_killed = r.generals_killed;
    for (const experience::ClassChange& c : r.experience)
        out.experience[abbr(variant, c.army)].push_back(
            {std::string(experience::class_name(c.from)), std::string(experience::class_name(c.to)),
             c.points});
    return out;
}

// The battles the current phase's stored orders bring about; empty unless the variant fights
// on the tabletop.
std::vector<tabletop_battles::Battle> phase_battles(const Locked& locked, const LoadedGame& game) {
    const Variant& variant = game.variant->variant;
    if (!tabletop_battles::fights_on_tabletop(variant)) return {};
    return tabletop_battles::battles(variant, game.position, phase_orders(locked, game).orders);
}

}  // namespace

PhaseBattles phase_battles_view(const Locked& locked, const LoadedGame& game) {
    const Variant& variant = game.variant->variant;
    PhaseBattles out{game.row.id, game.phase.phase, game.phase.seq, {}};
    for (const auto& b : phase_battles(locked, game)) {
        TabletopBattle battle;
        battle.province = abbr(variant, b.province);
        for (const Unit& u : b.armies) {
            BattleArmy army{variant.powers[u.power].name, unit_text(variant, u), u.stats.points,
                            u.stats.general, std::nullopt};
            // The army's experience classes (docs/experience.md), for the GM's changes of class.
            if (variant.campaign->modules.enabled("experience")) {
                const auto* r = experience::state(game.position).of(u);
                std::map<std::string, std::int64_t> classes;
                for (const std::string_view name : experience::kClassNames) {
                    const auto c = *experience::class_named(name);
                    classes[std::string(name)] =
                        c == experience::Class::Trained
                            ? u.stats.points - (r != nullptr ? r->recorded() : 0)
                            : (r != nullptr ? r->of(c) : 0);
                }
                army.classes = std::move(classes);
            }
            battle.armies.push_back(std::move(army));
        }
        if (const auto* result = tabletop_battles::state(game.position).in(b.province))
            battle.result = result_entered(variant, *result);
        out.battles.push_back(std::move(battle));
    }
    return out;
}

PhaseBattles GameService::battles(const Caller& caller, std::int64_t game_id) {
    require_gm(caller, game_id);
    const auto locked = context_.lock();
    return phase_battles_view(locked, locked.load(game_id));
}

}  // namespace adjutant::service
