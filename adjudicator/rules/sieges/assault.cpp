// SPDX-License-Identifier: Apache-2.0
// Assaults (Lone Warrior 5i): storming the fortress at 3:2 or better in army points, with the
// generalship of both commanders, the assault table, bloody repulses and generals killed; through
// an open breach without the fortress's strength, and at the breached outer or inner defences of
// a 1st-class fortress with the 25% retirement roll (5j).
#include <algorithm>
#include <array>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

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

const char* multiplier(std::int64_t halves) {
    return halves == 1 ? "0.5" : halves == 2 ? "1" : "2";
}

void general_killed(TurnContext& ctx, std::string& general, std::int32_t& general_roll,
                    const std::string& subject, PowerId power, ProvinceId where) {
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
    general_roll = 0;
}

// 5j: the garrison that stood at breached outer or inner defences and was stormed. Returns true
// when it got away inward.
bool retirement_roll(TurnContext& ctx, ProvinceId where) {
    Garrison& g = *garrison_in(ctx.result.next, where);
    const std::string name = province_abbr(ctx.variant, where);
    const Rolled r = roll(ctx, "retire", name);
    if (r.value > 5) {
        rolled_event(ctx, r, "siege.fell", g.power, where,
                     "the garrison of " + name + " could not retire (rolled " + face(r.value) +
                         "): the fortress is lost and the garrison taken prisoner",
                     "6-0 the fortress is lost");
        return false;
    }
    const std::int64_t lost = percent_up(g.points, 25);
    const auto guns = static_cast<std::int32_t>(percent_up(g.siege_guns, 25));
    rolled_event(ctx, r, "siege.retire", g.power, where,
                 "the garrison of " + name + " retires inward under the assault (rolled " +
                     face(r.value) + "), losing 25%: " + std::to_string(lost) + " points and " +
                     std::to_string(guns) + " siege guns",
                 "1-5 retires, loses 25%");
    retire(ctx, where, lost, guns);
    return true;
}

// The odds as the event gives them: "600 x 1 against (400 + 300) x 1, read at 3:2".
std::string odds_text(std::int64_t attackers, std::int64_t attack_halves, std::int64_t defenders,
                      std::int64_t strength, bool through_breach, std::int64_t defence_halves,
                      std::size_t column) {
    return std::to_string(attackers) + " x " + multiplier(attack_halves) + " against (" +
           std::to_string(defenders) + " + " + std::to_string(strength) +
           (through_breach ? ", the breach" : "") + ") x " + multiplier(defence_halves) +
           ", read at " + kColumns[column];
}

// The table cell read, as the die's record gives it: "4-5 at 3:2: 50", with "(a)" for a bloody
// repulse and "+" for a fall.
std::string cell_text(std::size_t row, std::size_t column, const Cell& cell) {
    return std::string(kRows[row]) + " at " + kColumns[column] + ": " +
           std::to_string(cell.percent) +
           (cell.outcome == Outcome::Repulse ? " (a)"
            : cell.outcome == Outcome::Falls ? "+"
                                             : "");
}

std::string outcome_text(Outcome outcome, bool outer_line, std::int64_t loss) {
    const std::string lost = std::to_string(loss) + " points";
    switch (outcome) {
        case Outcome::Both:
            return "both sides lose " + lost;
        case Outcome::Repulse:
            return "bloody repulse; the attackers lose " + lost;
        case Outcome::Falls:
            break;
    }
    if (outer_line) return "the defences are carried; the attackers lose " + lost;
    return "the fortress falls; the attackers lose " + lost + " and the garrison is lost";
}

// 5i, after a bloody repulse: on 1-3 the besiegers must raise the siege and cannot resume it
// until reinforced. Whether they must.
bool repulse_raises_siege(TurnContext& ctx, Unit& army, Garrison& garrison, ProvinceId where,
                          const std::string& attacker_name) {
    const std::string name = province_abbr(ctx.variant, where);
    career(ctx, garrison.general, garrison.general_roll, 1, "Cause a Bloody Repulse",
           garrison.power, where);
    const Rolled r = roll(ctx, "repulse", name);
    if (r.value > 3) {
        rolled_event(
            ctx, r, "siege.assault", army.power, where,
            attacker_name + " keeps up the siege of " + name + " (rolled " + face(r.value) + ")",
            "4-0 the siege goes on");
        return false;
    }
    rolled_event(ctx, r, "siege.raised", army.power, where,
                 attacker_name + " must raise the siege of " + name +
                     " and cannot resume it until reinforced (rolled " + face(r.value) + ")",
                 "1-3 raise the siege");
    UnitAttributes& repulse = attributes(army.stats);
    repulse.repulsed_from = where;
    repulse.repulsed_points = army.stats.points;
    career(ctx, garrison.general, garrison.general_roll, 1, "Force besiegers to lift siege",
           garrison.power, where);
    return true;
}

// 5i, 5j: what the assault leaves. A fall at breached outer defences is the garrison's
// retirement roll; a fall or a garrison with no points left loses the fortress; a raised siege
// ends; an army with no points left is destroyed.
void settle_assault(TurnContext& ctx, ProvinceId where, Outcome outcome, bool outer_line,
                    bool raised, bool army_destroyed, bool garrison_destroyed,
                    const std::string& attacker_name, PowerId attacker_power) {
    if (outcome == Outcome::Falls && outer_line) {
        if (!retirement_roll(ctx, where)) fortress_falls(ctx, where, false);
    } else if (outcome == Outcome::Falls || garrison_destroyed) {
        fortress_falls(ctx, where, false);
    } else if (raised) {
        end_siege(ctx, where);
    }
    if (!army_destroyed) return;
    ctx.event("siege.destroyed", attacker_power, where,
              attacker_name + " was destroyed in the assault");
    end_siege(ctx, where);
    std::erase_if(ctx.result.next.units,
                  [&](const Unit& u) { return u.location.province == where; });
}

// 5i: an assault at 3:2 or better. Each side's generalship multiplies its points; the table,
// read on the odds with one die, gives the losses and the outcome; generals may fall.
void assault(TurnContext& ctx, ProvinceId where) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const std::string name = province_abbr(v, where);
    Unit* army = next.unit_at(where);
    Siege* siege = state(next).siege_of(where);
    Garrison* garrison = garrison_in(next, where);
    if (army == nullptr || siege == nullptr || garrison == nullptr || siege->abandoning) return;
    const int fortress = fortress_of(ctx, where);
    const std::string attacker_name = unit_text(v, *army);
    const PowerId attacker_power = army->power;
    const PowerId defender_power = garrison->power;
    const std::int64_t defenders = fighting_points(v, *garrison);
    if (!at_least_three_to_two(army->stats.points, defenders)) {
        ctx.event("siege.assault", attacker_power, where,
                  attacker_name + " called off its assault: " + std::to_string(army->stats.points) +
                      " points against " + std::to_string(defenders) + " is below 3:2 (5i)");
        return;
    }
    ++siege->assaults;
    if (siege->breach_needed > 0) {
        ++siege->breach_needed;
        ctx.event("siege.breach", attacker_power, where,
                  "the assault delays the breach of " + line_name(ctx, where, siege->line) +
                      " by a week: " + std::to_string(siege->breach_weeks) + " of " +
                      std::to_string(siege->breach_needed) + " weeks (5j)");
    }
    const bool through_breach = siege->breached;
    const bool outer_line = at_breached_outer_line(ctx, *siege);
    const Rating a =
        generalship(ctx, attacker_name, army->stats.general, attributes(army->stats).general_roll,
                    attacker_power, where, "the generalship of " + attacker_name + " is ");
    const Rating d = generalship(ctx, "G " + name, garrison->general, garrison->general_roll,
                                 defender_power, where, "the generalship of G " + name + " is ");
    // 5j "The defenders lose the fortress strength bonus" once the breach is open.
    const std::int64_t strength = through_breach ? 0 : fortress_strength(fortress);
    // In halves, so the 0.5 multiplier stays exact.
    const std::int64_t attack = army->stats.points * a.halves;
    const std::int64_t defence = (defenders + strength) * d.halves;
    const std::size_t column = assault_column(attack, defence);
    const Rolled die = roll(ctx, "assault", name);
    const std::size_t row = assault_row(die.value);
    const Cell cell = kAssault[row][column];
    const std::int64_t loss = percent_up(defenders, cell.percent);
    const std::string odds = odds_text(army->stats.points, a.halves, defenders, strength,
                                       through_breach, d.halves, column);

    army->stats.points = std::max<std::int64_t>(0, army->stats.points - loss);
    if (cell.outcome == Outcome::Both)
        garrison->points = std::max<std::int64_t>(0, garrison->points - loss);
    rolled_event(ctx, die,
                 cell.outcome == Outcome::Falls && !outer_line ? "siege.fell" : "siege.assault",
                 attacker_power, where,
                 attacker_name + " assaulted " + name + " (" + odds + ") and rolled " +
                     face(die.value) + ": " + outcome_text(cell.outcome, outer_line, loss),
                 cell_text(row, column, cell));
    general_killed(ctx, army->stats.general, attributes(army->stats).general_roll, attacker_name,
                   attacker_power, where);
    general_killed(ctx, garrison->general, garrison->general_roll, "G " + name, defender_power,
                   where);
    const bool raised = cell.outcome == Outcome::Repulse &&
                        repulse_raises_siege(ctx, *army, *garrison, where, attacker_name);
    settle_assault(ctx, where, cell.outcome, outer_line, raised, army->stats.points == 0,
                   garrison->points == 0, attacker_name, attacker_power);
}

}  // namespace

void assaults(TurnContext& ctx) {
    for (const Order& o : ctx.orders) {
        if (!is(o, sieges::kAssault)) continue;
        const Siege* siege = state(ctx.result.next).siege_of(o.unit.province);
        if (siege == nullptr || !siege->laid()) continue;
        assault(ctx, o.unit.province);
    }
}

}  // namespace adjutant::sieges::detail
