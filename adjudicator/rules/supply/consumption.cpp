// SPDX-License-Identifier: Apache-2.0
// Consumption (Lone Warrior 4a): each army, fleet and garrison uses 1 supply point a week; a fleet
// in a port with a garrison of its own power shares the garrison's. An army or fleet with
// nothing left loses `attrition_percent` of its points (rounded up) and melts away at 0. A
// garrison draws on its city's store, without limit while the city is not besieged; besieged,
// it lives on its stores, and with none left it rolls: 1-8 the fortress falls and the garrison
// is taken prisoner, 9-0 it falls and the garrison gets safe conduct (Lone Warrior 5h). A garrison
// on half rations (5h, docs/sieges.md) makes each week of its stores last two weeks.
#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <string_view>

#include "rules/sieges/state.h"
#include "rules/supply/parameters.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

bool garrison_of(const Position& pos, ProvinceId p, PowerId power) {
    return std::any_of(sieges::state(pos).garrisons.begin(), sieges::state(pos).garrisons.end(),
                       [&](const Garrison& g) { return g.province == p && g.power == power; });
}

// "A PAR used 1 week of supply; 3 left", in one string given its room first: every army and
// fleet with supply has this event every week, and a chain of `+` made three strings of it.
std::string consumed_text(const Variant& v, const Unit& u) {
    static constexpr std::string_view kUsed = " used 1 week of supply; ";
    static constexpr std::string_view kLeft = " left";
    std::array<char, 24> digits{};
    const auto [end, error] =
        std::to_chars(digits.data(), digits.data() + digits.size(), u.stats.supply);
    (void)error;  // 24 places hold any 64-bit number
    const auto length = static_cast<std::size_t>(end - digits.data());
    std::string out = unit_name(v, u);
    out.reserve(out.size() + kUsed.size() + length + kLeft.size());
    out += kUsed;
    out.append(digits.data(), length);
    out += kLeft;
    return out;
}

// "A PAR is out of supply: loses 2 points (10%), 18 left", in one string given its room first:
// every army out of supply has this event every week, and a chain of `+` made three or four
// strings of it.
std::string attrition_text(const Variant& v, const Unit& u, std::int64_t loss, int percent) {
    static constexpr std::string_view kLoses = " is out of supply: loses ";
    static constexpr std::string_view kPoints = " points (";
    static constexpr std::string_view kPercent = "%), ";
    static constexpr std::string_view kLeft = " left";
    std::array<char, 72> digits{};
    char* const begin = digits.data();
    char* const end = begin + digits.size();
    // 24 places hold any 64-bit number.
    char* const loss_end = std::to_chars(begin, begin + 24, loss).ptr;
    char* const percent_end = std::to_chars(begin + 24, begin + 48, percent).ptr;
    char* const left_end = std::to_chars(begin + 48, end, u.stats.points).ptr;
    const std::string_view loss_text(begin, static_cast<std::size_t>(loss_end - begin));
    const std::string_view percent_text(begin + 24,
                                        static_cast<std::size_t>(percent_end - begin - 24));
    const std::string_view left_text(begin + 48, static_cast<std::size_t>(left_end - begin - 48));
    std::string out = unit_name(v, u);
    out.reserve(out.size() + kLoses.size() + loss_text.size() + kPoints.size() +
                percent_text.size() + kPercent.size() + left_text.size() + kLeft.size());
    out += kLoses;
    out += loss_text;
    out += kPoints;
    out += percent_text;
    out += kPercent;
    out += left_text;
    out += kLeft;
    return out;
}

void consume_unit(TurnContext& ctx, Unit& u, std::vector<std::size_t>& gone, std::size_t index) {
    const Variant& v = ctx.variant;
    const int percent = supply::parameters(v).attrition_percent;
    if (u.type == UnitType::Fleet && garrison_of(ctx.result.next, u.location.province, u.power)) {
        ctx.event("supply.in_port", u.power, u.location.province,
                  unit_name(v, u) + " is supplied in port with the garrison");
        return;
    }
    if (u.stats.supply > 0) {
        --u.stats.supply;
        ctx.event("supply.consumed", u.power, u.location.province, consumed_text(v, u), -1);
        return;
    }
    const std::int64_t loss = (u.stats.points * percent + 99) / 100;
    u.stats.points -= loss;
    if (u.stats.points <= 0) {
        gone.push_back(index);
        ctx.event("supply.attrition", u.power, u.location.province,
                  unit_name(v, u) + " is out of supply and has melted away");
        return;
    }
    ctx.event("supply.attrition", u.power, u.location.province,
              attrition_text(v, u, loss, percent));
}

// 5f "all equipment and supplies are captured": the besieger takes the fallen fortress's stores
// as far as it can carry them (carry_weeks); the rest is lost. Both by one event, so supply is
// conserved event by event.
void capture_stores(TurnContext& ctx, const Garrison& g, Unit* besieger) {
    const Variant& v = ctx.variant;
    const std::string name = abbr(v, g.province);
    std::int64_t taken = 0;
    if (besieger != nullptr && besieger->type == UnitType::Army)
        taken = std::clamp<std::int64_t>(supply::parameters(v).carry_weeks - besieger->stats.supply,
                                         0, g.stores);
    const std::int64_t lost = g.stores - taken;
    std::string text = "the stores of " + name + " (" + std::to_string(g.stores) + " week" +
                       (g.stores == 1 ? "" : "s") + ")";
    if (besieger == nullptr) {
        text += " are lost with the fortress";
    } else {
        besieger->stats.supply += static_cast<std::int32_t>(taken);
        text += " fall to " + unit_name(v, *besieger) + ": it takes " + std::to_string(taken) +
                " (now " + std::to_string(besieger->stats.supply) + " weeks of supply)";
        if (lost > 0) text += "; the other " + std::to_string(lost) + " are lost";
    }
    ctx.event("supply.stores_captured", besieger ? besieger->power : g.power, g.province, text,
              -lost);
}

}  // namespace

// The garrison's fortress falls; with safe conduct its troops march to the nearest city of
// their own power and join (or form) the garrison there, their general with them.
void garrison_falls(TurnContext& ctx, std::size_t index, bool safe_conduct) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const Garrison g = sieges::state(next).garrisons[index];
    Unit* besieger = next.unit_at(g.province);
    // Only a city has an owner: a fortress that is none (Maubeuge) is no one's supply centre.
    if (v.campaign->city_class[g.province] != 0)
        next.owner[g.province] = besieger != nullptr ? besieger->power : kNoPower;
    sieges::state(next).garrisons.erase(sieges::state(next).garrisons.begin() +
                                        static_cast<std::ptrdiff_t>(index));
    if (g.stores > 0) capture_stores(ctx, g, besieger);
    if (!safe_conduct) return;
    const auto route = road_route(
        v, g.province,
        [&](ProvinceId p) {
            return p != g.province && next.owner[p] == g.power && v.campaign->city_class[p] != 0;
        },
        [&](ProvinceId p) { return enemy_army_in(v, next, p, g.power); });
    if (route.empty()) return;  // nowhere to go: the troops disperse
    const ProvinceId refuge = route.back();
    auto there =
        std::find_if(sieges::state(next).garrisons.begin(), sieges::state(next).garrisons.end(),
                     [&](const Garrison& h) { return h.province == refuge; });
    if (there != sieges::state(next).garrisons.end()) {
        there->points += g.points;
        there->siege_guns += g.siege_guns;
        // Its general marched with it (4g: no general moves without troops in escort) and
        // commands the garrison he joins if it has none; beside another he has no command.
        if (there->general.empty()) {
            there->general = g.general;
            there->general_roll = g.general_roll;
        }
    } else {
        Garrison moved = g;
        moved.province = refuge;
        moved.stores = 0;
        moved.half_rations = false;
        moved.half_week_eaten = false;
        sieges::state(next).garrisons.push_back(moved);
    }
    ctx.event("garrison.safe_conduct", g.power, refuge,
              "the garrison of " + abbr(v, g.province) + " (" + std::to_string(g.points) +
                  " points) marched under safe conduct to " + abbr(v, refuge));
}

namespace {

// "the garrison of LIE drew 1 week of supply from the city's store", in one string given its
// room first: every garrison not besieged has this event every week, and a chain of `+` made
// two strings of it.
std::string garrison_drew_text(const Variant& v, ProvinceId province) {
    static constexpr std::string_view kOf = "the garrison of ";
    static constexpr std::string_view kDrew = " drew 1 week of supply from the city's store";
    const std::string where = abbr(v, province);
    std::string text;
    text.reserve(kOf.size() + where.size() + kDrew.size());
    text += kOf;
    text += where;
    text += kDrew;
    return text;
}

}  // namespace

void consume_supply(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    std::vector<std::size_t> gone;
    for (std::size_t i = 0; i < next.units.size(); ++i) consume_unit(ctx, next.units[i], gone, i);
    for (auto it = gone.rbegin(); it != gone.rend(); ++it)
        next.units.erase(next.units.begin() + static_cast<std::ptrdiff_t>(*it));
    // An army waiting to retreat eats its week too: it carries its supply with it.
    gone.clear();
    for (std::size_t i = 0; i < next.dislodged.size(); ++i)
        consume_unit(ctx, next.dislodged[i].unit, gone, i);
    for (auto it = gone.rbegin(); it != gone.rend(); ++it)
        next.dislodged.erase(next.dislodged.begin() + static_cast<std::ptrdiff_t>(*it));

    for (std::size_t i = 0; i < sieges::state(next).garrisons.size();) {
        Garrison& g = sieges::state(next).garrisons[i];
        if (!enemy_army_in(v, next, g.province, g.power)) {
            ctx.event("supply.garrison", g.power, g.province, garrison_drew_text(v, g.province));
            ++i;
            continue;
        }
        // On half rations (5h) a week of stores feeds the garrison for two weeks: the first
        // week eats half of one, the second finishes it.
        if (g.half_rations && (g.half_week_eaten || g.stores > 0)) {
            if (!g.half_week_eaten) {
                g.half_week_eaten = true;
                ctx.event("supply.consumed", g.power, g.province,
                          "the besieged garrison of " + abbr(v, g.province) +
                              " is on half rations: it ate half a week of its stores; " +
                              std::to_string(g.stores) + " left");
            } else {
                g.half_week_eaten = false;
                --g.stores;
                ctx.event("supply.consumed", g.power, g.province,
                          "the besieged garrison of " + abbr(v, g.province) +
                              " is on half rations: it finished a week of its stores; " +
                              std::to_string(g.stores) + " left",
                          -1);
            }
            ++i;
            continue;
        }
        if (g.stores > 0) {
            --g.stores;
            ctx.event("supply.consumed", g.power, g.province,
                      "the besieged garrison of " + abbr(v, g.province) +
                          " used 1 week of its stores; " + std::to_string(g.stores) + " left",
                      -1);
            ++i;
            continue;
        }
        const std::string subject = abbr(v, g.province);
        const int roll = ctx.dice.d10("garrison-supply", subject, 0);
        const bool safe = roll >= 9;
        Event& e =
            ctx.event("garrison.out_of_supply", g.power, g.province,
                      "the besieged garrison of " + subject + " has run out of supply and rolled " +
                          std::to_string(roll % 10) + ": " +
                          (safe ? "the fortress falls and the garrison is given safe conduct"
                                : "the fortress falls and the garrison is taken prisoner"));
        e.roll = Roll{"garrison-supply", subject, roll,
                      safe ? "9-0 falls, safe conduct" : "1-8 falls, taken prisoner", ""};
        garrison_falls(ctx, i, safe);
    }
}

}  // namespace adjutant::supply
