// SPDX-License-Identifier: Apache-2.0
// 4f "If the enemy is an army or city garrison roll to see the outcome": the Scouting table, one
// d10 (a 0 reads 10) with its modifiers, for the detachment that comes upon them.
//   1-3 Retires 1 hex but scout successfully   4-5 Retire 1 hex
//   6-7 Eliminated but scout successfully      8-0 Eliminated
//   Modifiers: Scouting 2nd Class City +1, Scouting 1st Class City +2
// The detachment never enters: retiring, it stays in the province it came from. Scouting
// successfully, its power is told what stands in the province (the event names every piece
// there), and its view of the position shows the province this week (view.cpp, `reveals`).
// A fleet in port counts as an army here: it is no garrison, and 4f names no other enemy.
#include <algorithm>

#include "position/position.h"
#include "rules/detachments/detachments.h"
#include "rules/detachments/week.h"
#include "rules/sieges/state.h"
#include "rules/supply/state.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::detachments {

namespace {

// 4f's modifiers, by the class of the city scouted.
int city_modifier(const Variant& v, ProvinceId where) {
    const auto& classes = v.campaign->city_class;
    const std::uint8_t cls = where < classes.size() ? classes[where] : 0;
    return cls == 1 ? 2 : cls == 2 ? 1 : 0;
}

std::string modifier_text(int modifier) {
    return modifier == 2 ? "for a 1st Class City" : modifier == 1 ? "for a 2nd Class City" : "";
}

// The roll's modifiers as the event's roll records them: "+2 1st Class City".
std::string modifier_record(int modifier) {
    if (modifier == 0) return "";
    std::string out(1, '+');
    out += std::to_string(modifier);
    out += modifier == 2 ? " 1st Class City" : " 2nd Class City";
    return out;
}

// "a French detachment": appended, as GCC 12 warns falsely (-Wrestrict) on "a " + ... chains.
std::string piece_text(const std::string& adjective, const char* what) {
    std::string out = "a ";
    out += adjective;
    out += ' ';
    out += what;
    return out;
}

// What the scouts saw in `where`: every piece of every power but the scout's.
std::string report(const Week& week, PowerId scout, ProvinceId where) {
    const Variant& v = week.ctx.variant;
    const Position& next = week.ctx.result.next;
    std::vector<std::string> seen;
    if (const Unit* u = next.unit_at(where); u != nullptr && u->power != scout) {
        std::string text = v.powers[u->power].adjective + " " + unit_text(v, *u);
        if (u->stats.points != 0) text += " of " + std::to_string(u->stats.points) + " points";
        seen.push_back(std::move(text));
    }
    for (const Garrison& g : sieges::state(next).garrisons)
        if (g.province == where && g.power != scout)
            seen.push_back(piece_text(v.powers[g.power].adjective, "garrison of ") +
                           std::to_string(g.points) + " points");
    for (const Piece& p : week.pieces)
        if (!p.gone && p.at.province == where && p.at.power != scout)
            seen.push_back(piece_text(v.powers[p.at.power].adjective, "detachment"));
    const auto trains =
        std::count_if(supply::state(next).trains.begin(), supply::state(next).trains.end(),
                      [&](const SupplyTrain& t) { return t.at == where && t.power != scout; });
    if (trains > 0)
        seen.push_back(std::to_string(trains) + " supply train" + (trains == 1 ? "" : "s"));
    std::string out;
    for (std::size_t i = 0; i < seen.size(); ++i) {
        if (i != 0) out += i + 1 == seen.size() ? " and " : ", ";
        out += seen[i];
    }
    return out;
}

}  // namespace

bool scouting(Week& week, Piece& scout, ProvinceId to) {
    TurnContext& ctx = week.ctx;
    const Variant& v = ctx.variant;
    const ProvinceId from = scout.at.province;
    const PowerId power = scout.at.power;
    const int modifier = city_modifier(v, to);
    const Rolled r = roll(ctx, "detachment-scouting", abbr(v, from) + "-" + abbr(v, to));
    const int total = r.value + modifier;
    const bool scouted = total <= 3 || (total >= 6 && total <= 7);
    const bool eliminated = total >= 6;
    const char* row = total <= 3   ? "1-3 Retires 1 hex but scout successfully"
                      : total <= 5 ? "4-5 Retire 1 hex"
                      : total <= 7 ? "6-7 Eliminated but scout successfully"
                                   : "8-0 Eliminated";
    std::string text = named(v, power, from) + " came upon the enemy in " + abbr(v, to) + ": " +
                       read_die(r.value, modifier, modifier_text(modifier)) + ", " +
                       (eliminated ? "eliminated" : "retires 1 hex, back to " + abbr(v, from));
    if (scouted) text += ", but scouted " + abbr(v, to) + ": " + report(week, power, to);
    text += " (4f)";
    rolled_event(ctx, r, "detachment.scouting", power, to, std::move(text), row,
                 modifier_record(modifier));
    if (scouted) state(ctx.result.next).scouted.push_back(Scouted{power, to});
    if (eliminated) scout.gone = true;
    return false;
}

}  // namespace adjutant::detachments
