#include "rules/sieges/sieges.h"

#include <algorithm>
#include <array>

#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::sieges {

namespace {

using supply::abbr;
using supply::unit_name;

// One d10, recorded on the event that reports it.
struct Rolled {
    std::string purpose;
    std::string subject;
    int value = 0;
};

Rolled roll(TurnContext& ctx, std::string purpose, std::string subject, int n = 0) {
    const int value = ctx.dice.d10(purpose, subject, n);
    return Rolled{std::move(purpose), std::move(subject), value};
}

Event& rolled_event(TurnContext& ctx, const Rolled& r, std::string kind, PowerId power,
                    ProvinceId province, std::string text, std::string table) {
    Event& e = ctx.event(std::move(kind), power, province, std::move(text));
    e.roll = Roll{r.purpose, r.subject, r.value, std::move(table)};
    return e;
}

// As a player reads the die: 10 is the face 0.
std::string face(int value) {
    return std::to_string(value % 10);
}

std::size_t garrison_index(const Position& pos, ProvinceId province) {
    for (std::size_t i = 0; i < pos.garrisons.size(); ++i)
        if (pos.garrisons[i].province == province) return i;
    return pos.garrisons.size();
}

void end_siege(Position& next, ProvinceId province) {
    std::erase_if(next.sieges, [&](const Siege& s) { return s.province == province; });
}

// Generalship rating (5g, 5i): 1-2 Poor, 3-7 Average, 8-0 Good. Returns the assault
// multiplier in halves: Poor 1 (0.5), Average 2 (1.0), Good 4 (2.0).
struct Generalship {
    const char* rating;
    std::int64_t halves;
    const char* row;
};

Generalship rate(int value) {
    if (value <= 2) return {"Poor", 1, "1-2 Poor"};
    if (value <= 7) return {"Average", 2, "3-7 Average"};
    return {"Good", 4, "8-0 Good"};
}

// 5f: a 3rd-class fortress may be betrayed. Returns true when the fortress fell.
bool treachery(TurnContext& ctx, ProvinceId where) {
    const Variant& v = ctx.variant;
    const std::string name = abbr(v, where);
    const std::size_t gi = garrison_index(ctx.result.next, where);
    const PowerId defender = ctx.result.next.garrisons[gi].power;
    const Rolled traitor = roll(ctx, "treachery", name);
    if (traitor.value > 2) {
        rolled_event(ctx, traitor, "siege.treachery", defender, where,
                     "no traitor was found in " + name + " (rolled " + face(traitor.value) + ")",
                     "3-0 no traitor");
        return false;
    }
    rolled_event(ctx, traitor, "siege.treachery", defender, where,
                 "a traitor was found in " + name + " (rolled " + face(traitor.value) + ")",
                 "1-2 a traitor");
    const Rolled plot = roll(ctx, "treachery-falls", name);
    if (plot.value > 5) {
        rolled_event(ctx, plot, "siege.treachery", defender, where,
                     "the traitor in " + name + " failed (rolled " + face(plot.value) + ")",
                     "6-0 the fortress holds");
        return false;
    }
    rolled_event(ctx, plot, "siege.fell", defender, where,
                 name + " fell by treachery (rolled " + face(plot.value) +
                     "): the garrison is taken prisoner",
                 "1-5 falls, taken prisoner");
    supply::garrison_falls(ctx, gi, false);
    return true;
}

// 5g: loss of nerves, for 2nd- and 3rd-class fortresses. Returns true when the fortress fell.
bool loss_of_nerves(TurnContext& ctx, ProvinceId where, int fortress) {
    const Variant& v = ctx.variant;
    const std::string name = abbr(v, where);
    const std::size_t gi = garrison_index(ctx.result.next, where);
    const PowerId defender = ctx.result.next.garrisons[gi].power;
    const Rolled nerves = roll(ctx, "nerves", name);
    if (nerves.value > 2) {
        rolled_event(
            ctx, nerves, "siege.nerves", defender, where,
            "the commander of " + name + " keeps his nerve (rolled " + face(nerves.value) + ")",
            "3-0 no test");
        return false;
    }
    const Rolled general = roll(ctx, "generalship", "G " + name);
    const Generalship g = rate(general.value);
    rolled_event(ctx, general, "siege.generalship", defender, where,
                 "the commander of " + name + " wavers; his generalship is " + g.rating +
                     " (rolled " + face(general.value) + ")",
                 g.row);
    if (g.halves != 1) return false;
    const Rolled test = roll(ctx, "nerves-surrender", name);
    const int modifier = fortress == 2 ? 2 : 0;
    const int total = test.value + modifier;
    const std::string read =
        "rolled " + face(test.value) +
        (modifier != 0 ? " +2 for a 2nd-class fortress = " + std::to_string(total) : std::string());
    if (total >= 6) {
        rolled_event(ctx, test, "siege.nerves", defender, where,
                     "the garrison of " + name + " ignores its general and fights (" + read + ")",
                     "6-0 fights");
        return false;
    }
    const bool terms = total >= 3;
    rolled_event(ctx, test, "siege.fell", defender, where,
                 "the garrison of " + name + " surrenders " +
                     (terms ? "on terms and is given safe conduct"
                            : "unconditionally and is taken prisoner") +
                     " (" + read + ")",
                 terms ? "3-5 surrender on terms" : "1-2 surrender, taken prisoner");
    supply::garrison_falls(ctx, gi, terms);
    return true;
}

// The assault table of 5i: rows 1, 2-3, 4-5, 6-7, 8-9, 0; columns 3:2, 2:1, 3:1, 4:1, 5:1+.
enum class Outcome : std::uint8_t { Both, Repulse, Falls };
struct Cell {
    int percent;
    Outcome outcome;
};
constexpr Cell B(int p) {
    return {p, Outcome::Both};
}
constexpr Cell A(int p) {
    return {p, Outcome::Repulse};
}
constexpr Cell F(int p) {
    return {p, Outcome::Falls};
}
constexpr std::array<std::array<Cell, 5>, 6> kAssault{{
    {A(50), A(50), B(25), B(25), B(25)},
    {A(50), B(50), B(25), B(25), F(100)},
    {B(50), B(25), B(25), F(100), F(100)},
    {B(25), B(25), F(100), F(100), F(20)},
    {B(25), F(100), F(100), F(20), F(20)},
    {F(100), F(100), F(20), F(20), F(20)},
}};
constexpr std::array<const char*, 5> kColumns{"3:2", "2:1", "3:1", "4:1", "5:1"};
constexpr std::array<const char*, 6> kRows{"1", "2-3", "4-5", "6-7", "8-9", "0"};

std::size_t assault_row(int value) {
    return value == 10 ? 5 : static_cast<std::size_t>(value / 2);
}

// The column for attacker:defender, rounded in the defender's favour; below 3:2 (possible
// after the generalship multipliers) it is read on the 3:2 column, the lowest.
std::size_t assault_column(std::int64_t attacker, std::int64_t defender) {
    if (attacker >= 5 * defender) return 4;
    if (attacker >= 4 * defender) return 3;
    if (attacker >= 3 * defender) return 2;
    if (attacker >= 2 * defender) return 1;
    return 0;
}

std::int64_t percent_up(std::int64_t points, int percent) {
    return (points * percent + 99) / 100;
}

void general_killed(TurnContext& ctx, std::string& general, const std::string& subject,
                    PowerId power, ProvinceId where) {
    if (general.empty()) return;
    const Rolled r = roll(ctx, "general-killed", subject);
    if (r.value != 1) {
        rolled_event(ctx, r, "siege.general", power, where,
                     "general " + general + " of " + subject + " survived the assault (rolled " +
                         face(r.value) + ")",
                     "2-0 survives");
        return;
    }
    rolled_event(ctx, r, "siege.general", power, where,
                 "general " + general + " of " + subject + " was killed in the assault (rolled 1)",
                 "1 killed");
    general.clear();
}

void assault(TurnContext& ctx, ProvinceId where) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const std::string name = abbr(v, where);
    Unit* army = next.unit_at(where);
    Siege* siege = next.siege_of(where);
    const std::size_t gi = garrison_index(next, where);
    if (army == nullptr || siege == nullptr || gi == next.garrisons.size()) return;
    const int fortress = v.campaign->fortress_class[where];
    const std::string attacker_name = unit_name(v, *army);
    const PowerId attacker_power = army->power;
    const PowerId defender_power = next.garrisons[gi].power;
    const std::int64_t defenders = fighting_points(v, next.garrisons[gi]);
    if (!at_least_three_to_two(army->stats.points, defenders)) {
        ctx.event("siege.assault", attacker_power, where,
                  attacker_name + " called off its assault: " + std::to_string(army->stats.points) +
                      " points against " + std::to_string(defenders) + " is below 3:2 (5i)");
        return;
    }
    ++siege->assaults;
    const Rolled ag = roll(ctx, "generalship", attacker_name);
    const Generalship a = rate(ag.value);
    rolled_event(ctx, ag, "siege.generalship", attacker_power, where,
                 "the generalship of " + attacker_name + " is " + a.rating + " (rolled " +
                     face(ag.value) + ")",
                 a.row);
    const Rolled dg = roll(ctx, "generalship", "G " + name);
    const Generalship d = rate(dg.value);
    rolled_event(
        ctx, dg, "siege.generalship", defender_power, where,
        "the generalship of G " + name + " is " + d.rating + " (rolled " + face(dg.value) + ")",
        d.row);
    // In halves, so the 0.5 multiplier stays exact.
    const std::int64_t attack = army->stats.points * a.halves;
    const std::int64_t defence = (defenders + fortress_strength(fortress)) * d.halves;
    const std::size_t column = assault_column(attack, defence);
    const Rolled die = roll(ctx, "assault", name);
    const std::size_t row = assault_row(die.value);
    const Cell cell = kAssault[row][column];
    const std::int64_t loss = percent_up(defenders, cell.percent);
    const std::string odds = std::to_string(army->stats.points) + " x " +
                             (a.halves == 1   ? "0.5"
                              : a.halves == 2 ? "1"
                                              : "2") +
                             " against (" + std::to_string(defenders) + " + " +
                             std::to_string(fortress_strength(fortress)) + ") x " +
                             (d.halves == 1   ? "0.5"
                              : d.halves == 2 ? "1"
                                              : "2") +
                             ", read at " + kColumns[column];
    const std::string table = std::string(kRows[row]) + " at " + kColumns[column] + ": " +
                              std::to_string(cell.percent) +
                              (cell.outcome == Outcome::Repulse ? " (a)"
                               : cell.outcome == Outcome::Falls ? "+"
                                                                : "");
    army->stats.points = std::max<std::int64_t>(0, army->stats.points - loss);
    std::string text = attacker_name + " assaulted " + name + " (" + odds + ") and rolled " +
                       face(die.value) + ": ";
    if (cell.outcome == Outcome::Both) {
        Garrison& g = next.garrisons[gi];
        g.points = std::max<std::int64_t>(0, g.points - loss);
        text += "both sides lose " + std::to_string(loss) + " points";
    } else if (cell.outcome == Outcome::Repulse) {
        text += "bloody repulse; the attackers lose " + std::to_string(loss) + " points";
    } else {
        text += "the fortress falls; the attackers lose " + std::to_string(loss) +
                " points and the garrison is lost";
    }
    rolled_event(ctx, die, cell.outcome == Outcome::Falls ? "siege.fell" : "siege.assault",
                 attacker_power, where, std::move(text), table);
    general_killed(ctx, army->stats.general, attacker_name, attacker_power, where);
    general_killed(ctx, next.garrisons[gi].general, "G " + name, defender_power, where);
    if (cell.outcome == Outcome::Repulse) {
        const Rolled r = roll(ctx, "repulse", name);
        if (r.value <= 3) {
            rolled_event(ctx, r, "siege.raised", attacker_power, where,
                         attacker_name + " must raise the siege of " + name + " (rolled " +
                             face(r.value) + ")",
                         "1-3 raise the siege");
            end_siege(next, where);
        } else {
            rolled_event(ctx, r, "siege.assault", attacker_power, where,
                         attacker_name + " keeps up the siege of " + name + " (rolled " +
                             face(r.value) + ")",
                         "4-0 the siege goes on");
        }
    }
    if (cell.outcome == Outcome::Falls || next.garrisons[gi].points == 0) {
        supply::garrison_falls(ctx, gi, false);
        end_siege(next, where);
    }
    if (army->stats.points == 0) {
        ctx.event("siege.destroyed", attacker_power, where,
                  attacker_name + " was destroyed in the assault");
        end_siege(next, where);
        std::erase_if(next.units, [&](const Unit& u) { return u.location.province == where; });
    }
}

bool ordered(const TurnContext& ctx, OrderType type, ProvinceId where) {
    return std::any_of(ctx.orders.begin(), ctx.orders.end(),
                       [&](const Order& o) { return o.type == type && o.unit.province == where; });
}

}  // namespace

bool enabled(const Variant& variant) {
    if (!variant.campaign.has_value()) return false;
    const auto& classes = variant.campaign->fortress_class;
    return std::any_of(classes.begin(), classes.end(), [](std::uint8_t c) { return c != 0; });
}

std::int64_t fortress_strength(int fortress_class) {
    switch (fortress_class) {
        case 1:
            return 150;
        case 2:
            return 100;
        case 3:
            return 50;
        default:
            return 0;
    }
}

std::int64_t max_garrison(int fortress_class) {
    return 2 * fortress_strength(fortress_class);
}

std::int64_t fighting_points(const Variant& variant, const Garrison& garrison) {
    const std::int64_t most = max_garrison(variant.campaign->fortress_class[garrison.province]);
    return most == 0 ? garrison.points : std::min(garrison.points, most);
}

bool at_least_three_to_two(std::int64_t a, std::int64_t b) {
    return 2 * a >= 3 * b;
}

const Garrison* enemy_garrison(const Variant& variant, const Position& position,
                               ProvinceId province, PowerId power) {
    for (const Garrison& g : position.garrisons)
        if (g.province == province && variant.campaign->enemies(g.power, power)) return &g;
    return nullptr;
}

void after_movement(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    // 1. Sieges end when the army is gone (moved or dislodged), the garrison is gone, the siege
    //    was lifted, or (while being laid) the army did not keep up the BESIEGE.
    for (std::size_t i = 0; i < next.sieges.size();) {
        const Siege s = next.sieges[i];
        const std::string name = abbr(v, s.province);
        const Unit* army = next.unit_at(s.province);
        std::string why;
        if (army == nullptr || army->stats.id != s.army)
            why = "its army has gone";
        else if (enemy_garrison(v, next, s.province, s.power) == nullptr)
            why = "there is no garrison left to besiege";
        else if (ordered(ctx, OrderType::LiftSiege, s.province))
            why = unit_name(v, *army) + " lifted it";
        else if (!s.laid() && !ordered(ctx, OrderType::Besiege, s.province))
            why = "laying it was interrupted";
        if (why.empty()) {
            ++i;
            continue;
        }
        ctx.event("siege.lifted", s.power, s.province, "the siege of " + name + " ended: " + why);
        next.sieges.erase(next.sieges.begin() + static_cast<std::ptrdiff_t>(i));
    }
    // 2. BESIEGE by an army still in place: a week of siegeworks; at two the siege is laid.
    for (const Order& o : ctx.orders) {
        if (o.type != OrderType::Besiege) continue;
        const ProvinceId where = o.unit.province;
        const Unit* before = ctx.before.unit_at(where);
        Unit* army = next.unit_at(where);
        if (before == nullptr || army == nullptr || army->stats.id != before->stats.id) continue;
        if (enemy_garrison(v, next, where, army->power) == nullptr) continue;
        Siege* siege = next.siege_of(where);
        if (siege == nullptr) {
            next.sieges.push_back(Siege{where, army->power, army->stats.id, 0, 0});
            siege = &next.sieges.back();
        }
        if (siege->laid()) continue;
        ++siege->weeks;
        const std::string name = abbr(v, where);
        if (!siege->laid()) {
            ctx.event("siege.laying", army->power, where,
                      unit_name(v, *army) + " is laying siege to " + name + ": week " +
                          std::to_string(siege->weeks) + " of 2");
            continue;
        }
        ctx.event("siege.laid", army->power, where,
                  unit_name(v, *army) + " has laid siege to " + name);
        // The checks made once, at the beginning of the siege (5d 2-3).
        const int fortress = v.campaign->fortress_class[where];
        bool fell = fortress == 3 && treachery(ctx, where);
        if (!fell && fortress >= 2) fell = loss_of_nerves(ctx, where, fortress);
        if (fell) end_siege(next, where);
    }
    // 3. Assaults (5i), at most one a week per siege.
    for (const Order& o : ctx.orders) {
        if (o.type != OrderType::Assault) continue;
        const Siege* siege = next.siege_of(o.unit.province);
        if (siege == nullptr || !siege->laid()) continue;
        assault(ctx, o.unit.province);
    }
}

}  // namespace adjutant::sieges
