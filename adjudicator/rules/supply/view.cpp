// SPDX-License-Identifier: Apache-2.0
// What a power sees of the supply module's part under fog of war (position/sight.h;
// docs/fog-of-war.md): its own trains, treasury, policy and standing orders; another power's
// trains where it sees them, but only where they stand; of another power's army neither its
// weeks of supply nor its line, except the part of a line it stands on ("When an army enters an
// enemy supply line ... that army must be told", 4a), which it sees within its sight as a
// `lines_seen` entry.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "position/position.h"
#include "position/sight.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

// Whether the viewer stands on `stats`' line where it is told of it (stands_on_line).
bool entered(const Variant& variant, const Sight& sight, const UnitStats& stats) {
    return std::any_of(stats.supply_line.begin(), stats.supply_line.end(), [&](ProvinceId p) {
        return sight.occupies(p) && stands_on_line(variant, stats, p);
    });
}

}  // namespace

void hide(const Variant& variant, const Sight& sight, Position& view) {
    SupplyState& s = state(view);
    std::erase_if(s.trains, [&](const SupplyTrain& t) { return !sight.shows(t.power, t.at); });
    std::erase_if(s.standing_supply, [&](const StandingSupply& o) {
        return o.power != sight.power || sight.power == kNoPower;
    });
    // Another power's train shows where it stands, not what it carries for whom: not the army
    // it is bound for (though the viewer see it), the city it came from or its turning back.
    for (SupplyTrain& t : s.trains) {
        if (t.power == sight.power) continue;
        t.base = t.at;
        t.target = 0;
        t.returning = false;
    }
    for_each_unit_of_others(view, sight, [&](Unit& u) {
        if (entered(variant, sight, u.stats)) {
            SightedLine line{u.power, {}};
            for (ProvinceId p : u.stats.supply_line)
                if (sight.sees(p)) line.provinces.push_back(p);
            s.lines_seen.push_back(std::move(line));
        }
        u.stats.supply = 0;
        forget_line(u.stats);
    });
}

// The treasury and the train policy are tables of every power: the view keeps the viewer's
// entry only (the public's view has neither).
void hide_in_document(const Variant& variant, const Sight& sight, nlohmann::json& document) {
    const std::string viewer =
        sight.power < variant.powers.size() ? variant.powers[sight.power].name : "";
    for (const char* key : {"treasury", "train_policy"}) {
        if (!document.contains(key) || !document[key].is_object()) continue;
        nlohmann::json kept = nlohmann::json::object();
        if (document[key].contains(viewer)) kept[viewer] = document[key][viewer];
        if (kept.empty())
            document.erase(key);
        else
            document[key] = std::move(kept);
    }
}

}  // namespace adjutant::supply
