// SPDX-License-Identifier: Apache-2.0
// Transfers carried out as the movement ends, after the siege steps (Lone Warrior 4g: "Generals
// allocated to the field or garrison duties may be transferred amongst the various commands at
// will but remember no general may move without a field army in escort"; docs/generals.md).
//
// On a province map a general rides with an army of his power: the transfer is carried out when
// the command he leaves and the one he joins stood in the same province as the week began (he
// crosses no country), stand in the same province as it ends (one of them marched to the
// other), or an army of his power stood where he was as the week began and stands where he goes
// as it ends (it escorted him). He then leaves as the week ends, with his career, and the siege
// steps of the week saw the commands as they were. The command he joins must have no general
// once the week's transfers have left, and two generals sent to one command are settled by rank.
#include <algorithm>

#include "rules/army_strength/army_strength.h"
#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

namespace {

constexpr std::string_view kGone = "the general no longer holds his command";
constexpr std::string_view kTargetGone = "the command he was to join no longer stands";
constexpr std::string_view kNoEscort = "no field army of his power escorted him (4g)";
constexpr std::string_view kOccupied = "the command he was to join keeps its general";
constexpr std::string_view kOutranked = "a higher-ranked general goes to that command";

struct Transfer {
    const Order* order;
    std::string name;      // the general
    std::string who;       // "G3 von Bülow"
    ConstCommand was;      // his command as the week began
    Command from;          // his command now
    Command to;            // the command he joins, now
    std::string joins;     // the command he joins, as the order names it: "G MET"
    std::string escort;    // "A MAL", or empty: no journey
    std::string_view why;  // empty while he may go
};

// The command the order names, as the week began: the army in the province (by its id) or the
// garrison there.
std::optional<ConstCommand> target_before(const TurnContext& ctx, const Order& o) {
    std::optional<ConstCommand> found;
    const bool garrison = is(o, kToGarrison);
    for_each_command(ctx.before, o.power, [&](const ConstCommand& c) {
        if (!found && !c.dislodged && c.garrison == garrison &&
            c.province == o.destination.province)
            found = c;
    });
    return found;
}

// The same command as the week ends: the army with the same id where it now stands (not driven
// off), or the garrison still in its fortress.
std::optional<Command> now(TurnContext& ctx, PowerId power, const ConstCommand& was) {
    std::optional<Command> found;
    for_each_command(ctx.result.next, power, [&](const Command& c) {
        if (found || c.dislodged || c.garrison != was.garrison) return;
        if (was.garrison ? c.province == was.province
                         : (was.army != 0 ? c.army == was.army : c.province == was.province))
            found = c;
    });
    return found;
}

// The escort: an army of the power that stood in `from` as the week began and stands in `to` as
// it ends (its own id both times), with troops: equipment alone escorts nobody. "A MAL" as it
// now stands, or empty.
std::string escort(const TurnContext& ctx, PowerId power, ProvinceId from, ProvinceId to) {
    const Unit* then = ctx.before.unit_at(from);
    const Unit* after = ctx.result.next.unit_at(to);
    if (then == nullptr || after == nullptr || then->power != power || after->power != power ||
        then->type != UnitType::Army || after->type != UnitType::Army ||
        then->stats.id != after->stats.id || then->stats.id == 0 ||
        army_strength::equipment_only(*then))  // an army for order purposes, no field army (4c)
        return "";
    return command_text(ctx.variant, false, to);
}

std::optional<Transfer> judge(TurnContext& ctx, const Order& o) {
    const Pool* pool = state(ctx.before).of(o.power);
    if (pool == nullptr || o.count < 1 || o.count > static_cast<int>(pool->ranks.size()))
        return std::nullopt;
    Transfer t{&o,
               pool->ranks[static_cast<std::size_t>(o.count - 1)].name,
               general_text(*pool, o.count),
               {},
               {},
               {},
               command_text(ctx.variant, is(o, kToGarrison), o.destination.province),
               {},
               {}};
    const auto was = command_of(ctx.before, o.power, t.name);
    const auto target = target_before(ctx, o);
    if (!was || !target) return std::nullopt;  // legality saw both
    t.was = *was;
    const auto from = command_of(ctx.result.next, o.power, t.name);
    const auto to = now(ctx, o.power, *target);
    if (!from || from->dislodged) {
        t.why = kGone;
        return t;
    }
    if (!to) {
        t.why = kTargetGone;
        return t;
    }
    t.from = *from;
    t.to = *to;
    if (target->province == was->province) return t;
    // Met where they now stand: the one of the two that is an army brought them together.
    if (to->province == from->province) {
        t.escort = command_text(ctx.variant, from->garrison ? *to : *from);
        return t;
    }
    t.escort = escort(ctx, o.power, was->province, to->province);
    if (t.escort.empty()) t.why = kNoEscort;
    return t;
}

bool same(const Command& a, const Command& b) {
    return a.general == b.general;
}

// Settles who may go: two to one command, the higher-ranked; then, until nothing changes, a
// command that keeps a general who does not leave takes nobody.
void settle(std::vector<Transfer>& transfers) {
    for (Transfer& t : transfers) {
        if (!t.why.empty()) continue;
        for (const Transfer& u : transfers)
            if (&u != &t && u.why.empty() && same(u.to, t.to) && u.order->count < t.order->count)
                t.why = kOutranked;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (Transfer& t : transfers) {
            if (!t.why.empty() || t.to.general->empty()) continue;
            const bool leaves =
                std::any_of(transfers.begin(), transfers.end(),
                            [&](const Transfer& u) { return u.why.empty() && same(u.from, t.to); });
            if (!leaves) {
                t.why = kOccupied;
                changed = true;
            }
        }
    }
}

}  // namespace

void after_movement(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    std::vector<Transfer> transfers;
    for (const Order& o : ctx.orders) {
        if (!is(o, kToArmy) && !is(o, kToGarrison)) continue;
        if (auto t = judge(ctx, o)) {
            transfers.push_back(std::move(*t));
        } else {
            ctx.verdict(o, false, Reason::NotCarriedOut, kGone);
        }
    }
    settle(transfers);
    // Everyone who goes leaves first, so two generals may change places.
    std::vector<std::int32_t> careers(transfers.size(), 0);
    for (std::size_t i = 0; i < transfers.size(); ++i) {
        Transfer& t = transfers[i];
        if (!t.why.empty()) continue;
        careers[i] = *t.from.roll;
        t.from.general->clear();
        *t.from.roll = 0;
    }
    for (std::size_t i = 0; i < transfers.size(); ++i) {
        const Transfer& t = transfers[i];
        const std::string leaves = command_text(v, t.was);
        if (!t.why.empty()) {
            ctx.verdict(*t.order, false, Reason::NotCarriedOut, t.why);
            record(ctx, "general.transfer_failed", t.order->power,
                   t.who + " did not go to " + t.joins + ": " + std::string(t.why));
            continue;
        }
        const std::string joins = command_text(v, t.to);
        *t.to.general = t.name;
        *t.to.roll = careers[i];
        ctx.verdict(*t.order, true);
        record(ctx, "general.transferred", t.order->power,
               t.who + " left " + leaves + " and took command of " + joins +
                   (t.escort.empty() ? std::string() : ", escorted by " + t.escort));
    }
}

}  // namespace adjutant::generals
